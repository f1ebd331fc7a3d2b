// Secondary indexes that only queries read: ingestion writes through primary keys alone. The first backfill into an
// empty database runs without them and builds them once at the end (ingestion/query-index-deferral.ts), as Ponder
// builds its indexes after the historical sync: one sorted pass per index instead of a random-keyed insert into each
// of them for every row (BENCHMARKS.md, "deferred query indexes").
//
// The definitions are the migrations' (1763787600000-chain-data, 1764450000000-holders-index,
// 1795790000000-balance-changes-account), column for column; a
// migration that changes one of these indexes changes it here too, and must not assume it exists.
import type { Db } from './data-source';
import { dialectOf } from './data-source';

export type QueryIndex = { table: string; name: string; columns: { sqlite: string; mysql: string } };

const same = (columns: string) => ({ sqlite: columns, mysql: columns });

export const QUERY_INDEXES: readonly QueryIndex[] = [
  { table: 'token_transfers', name: 'idx_transfers_from', columns: same('`chain_id`, `from_address`, `block_number`') },
  { table: 'token_transfers', name: 'idx_transfers_to', columns: same('`chain_id`, `to_address`, `block_number`') },
  { table: 'token_transfers', name: 'idx_transfers_contract', columns: same('`chain_id`, `contract`, `block_number`') },
  { table: 'token_transfers', name: 'idx_transfers_tx', columns: same('`chain_id`, `tx_hash`') },
  { table: 'token_balance_changes', name: 'idx_balance_changes_block', columns: same('`chain_id`, `block_number`') },
  // State as of a block (migration 1795790000000): an account's changes, latest per balance.
  { table: 'token_balance_changes', name: 'idx_balance_changes_account', columns: same('`chain_id`, `account`, `contract`, `token_id`, `block_number`') },
  { table: 'token_balances', name: 'idx_balances_account', columns: same('`account`, `chain_id`, `contract`, `token_id`') },
  {
    table: 'token_balances',
    name: 'idx_balances_holders',
    // MariaDB indexes an expression only through a column: the virtual balance_digits, which stays when the index goes.
    columns: {
      sqlite: '`chain_id`, `contract`, `token_id`, length(`balance`), `balance`, `account`',
      mysql: '`chain_id`, `contract`, `token_id`, `balance_digits`, `balance`, `account`',
    },
  },
];

/** Names of the query indexes present now. */
const presentIndexes = async (db: Db): Promise<Set<string>> => {
  const names = QUERY_INDEXES.map((i) => i.name);
  const marks = names.map(() => '?').join(', ');
  const rows: Array<{ name: string }> =
    dialectOf(db) === 'mysql'
      ? await db.query(
          `SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name IN (${marks})`,
          names,
        )
      : await db.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND name IN (${marks})`, names);
  return new Set(rows.map((r) => r.name));
};

export const missingQueryIndexes = async (db: Db): Promise<QueryIndex[]> => {
  const present = await presentIndexes(db);
  return QUERY_INDEXES.filter((i) => !present.has(i.name));
};

/** Whether the tables these indexes serve hold no row yet: dropping them then costs nothing to rebuild. */
export const queryIndexedTablesEmpty = async (db: Db): Promise<boolean> => {
  const tables = [...new Set(QUERY_INDEXES.map((i) => i.table))];
  for (const t of tables) {
    if ((await db.query(`SELECT 1 AS one FROM \`${t}\` LIMIT 1`)).length) return false;
  }
  return true;
};

const byTable = (indexes: readonly QueryIndex[]) => {
  const tables = new Map<string, QueryIndex[]>();
  for (const i of indexes) tables.set(i.table, [...(tables.get(i.table) ?? []), i]);
  return tables;
};

/** Drops those present. */
export const dropQueryIndexes = async (db: Db): Promise<void> => {
  const present = await presentIndexes(db);
  const drop = QUERY_INDEXES.filter((i) => present.has(i.name));
  if (dialectOf(db) === 'mysql') {
    for (const [table, list] of byTable(drop)) await db.query(`ALTER TABLE \`${table}\` ${list.map((i) => `DROP INDEX \`${i.name}\``).join(', ')}`);
  } else {
    for (const i of drop) await db.query(`DROP INDEX IF EXISTS \`${i.name}\``);
  }
};

/**
 * Creates `indexes` (those missingQueryIndexes found). On MariaDB one ALTER per table builds all of its indexes in one
 * scan of the table; on SQLite each CREATE INDEX is one sorted pass.
 */
export const createQueryIndexes = async (db: Db, indexes: readonly QueryIndex[]): Promise<void> => {
  if (dialectOf(db) === 'mysql') {
    for (const [table, list] of byTable(indexes)) {
      await db.query(`ALTER TABLE \`${table}\` ${list.map((i) => `ADD INDEX \`${i.name}\` (${i.columns.mysql})`).join(', ')}`);
    }
  } else {
    for (const i of indexes) await db.query(`CREATE INDEX IF NOT EXISTS \`${i.name}\` ON \`${i.table}\` (${i.columns.sqlite})`);
  }
};
