// The four big chain tables stored compactly (#32 item 1): transfers, balances, balance_changes and chain_transactions
// become token_transfers, token_balances, token_balance_changes and token_transactions, with the same columns, primary
// keys and query indexes, but every address as its 20 raw bytes and every hash as its 32 (SQLite blob, MySQL/MariaDB
// VARBINARY; '' stays an empty value, NULL stays NULL), and on SQLite the first three WITHOUT ROWID (transfers was a
// rowid table with its key in a second B-tree).
//
// In place and resumable: a table is copied in primary-key order, in chunks of STRATA_MIGRATION_CHUNK_ROWS rows
// (default 50,000), each chunk committed with its progress row (migration_progress: the last key copied), so a process
// stopped at any moment (killed, a failed statement, a lost connection) starts again after the last committed chunk,
// with no row lost or copied twice. The migration therefore runs outside a transaction (`transaction = false`), and
// every step after the copy checks what is already done, since MariaDB commits each DDL statement on its own.
// Progress (rows done and total, rate, time left) is logged every few seconds.
//
// Once a table is copied the old one is dropped (its indexes with it) and a view takes its name, with its old columns
// in their old form, so that the previous release's `strata serve` keeps answering reads from a migrated database during
// a rolling upgrade; a later release drops the views. The query indexes the old table had are built on the new one
// (under the same names); an old table without them (a first backfill whose deferred indexes were not built yet,
// src/ingestion/query-index-deferral.ts) leaves the new one without them, for the deferral to build.
//
// Self-contained on purpose: the definitions below are the ones src/db/query-indexes.ts and the entities had when this
// migration landed, and must not follow later changes there.
import { MigrationInterface, QueryRunner } from 'typeorm';

const MIGRATION = 'CompactChainTables1795810000000';
const PROGRESS = 'migration_progress';
const DEFAULT_CHUNK_ROWS = 50_000;
const LOG_EVERY_MS = 5_000;

type Kind = 'int' | 'bigint' | 'bool' | 'longtext' | 'address' | 'hash' | { text: number };
type Column = { name: string; kind: Kind; nullable?: boolean };
/** SQLite: whether the old table (`before`) and the new one (`after`) are WITHOUT ROWID. */
type Spec = { old: string; compact: string; columns: Column[]; key: string[]; withoutRowid: { before: boolean; after: boolean } };
type QueryIndex = { name: string; sqlite: string; mysql: string };

const int = (name: string): Column => ({ name, kind: 'int' });
const big = (name: string): Column => ({ name, kind: 'bigint' });
const address = (name: string): Column => ({ name, kind: 'address' });
const hash = (name: string): Column => ({ name, kind: 'hash' });
const text = (name: string, length: number): Column => ({ name, kind: { text: length } });
const nullable = (c: Column): Column => ({ ...c, nullable: true });

const TABLES: Spec[] = [
  {
    old: 'transfers',
    compact: 'token_transfers',
    columns: [
      int('chain_id'),
      big('block_number'),
      int('log_index'),
      int('batch_index'),
      hash('block_hash'),
      hash('tx_hash'),
      int('tx_index'),
      address('contract'),
      text('contract_type', 8),
      address('from_address'),
      address('to_address'),
      text('token_id', 78),
      text('amount', 78),
      big('timestamp'),
    ],
    key: ['chain_id', 'block_number', 'log_index', 'batch_index'],
    withoutRowid: { before: false, after: true },
  },
  {
    old: 'balances',
    compact: 'token_balances',
    columns: [int('chain_id'), address('contract'), address('account'), text('token_id', 78), text('balance', 79), big('block_number'), hash('block_hash')],
    key: ['chain_id', 'contract', 'account', 'token_id'],
    withoutRowid: { before: true, after: true },
  },
  {
    old: 'balance_changes',
    compact: 'token_balance_changes',
    columns: [
      int('chain_id'),
      address('contract'),
      big('block_number'),
      address('account'),
      text('token_id', 78),
      hash('block_hash'),
      text('delta', 79),
      text('balance', 79),
    ],
    key: ['chain_id', 'contract', 'block_number', 'account', 'token_id'],
    withoutRowid: { before: true, after: true },
  },
  {
    old: 'chain_transactions',
    compact: 'token_transactions',
    columns: [
      int('chain_id'),
      hash('tx_hash'),
      hash('block_hash'),
      big('block_number'),
      int('tx_index'),
      address('from_address'),
      nullable(address('to_address')),
      text('value', 78),
      int('status'),
      text('gas_used', 78),
      text('effective_gas_price', 78),
      int('tx_type'),
      big('timestamp'),
      { name: 'reorged', kind: 'bool' },
      // Receipt logs of transactions ingested near the head (null for backfilled ones): LONGTEXT on MySQL (1764360000000).
      nullable({ name: 'logs_json', kind: 'longtext' }),
    ],
    key: ['chain_id', 'tx_hash', 'block_hash'],
    // A rowid table still: a transaction ingested near the head keeps its receipt's logs (kilobytes), and SQLite
    // advises against WITHOUT ROWID for rows above about a twentieth of a page (measured on the million-event chain:
    // WITHOUT ROWID saved nothing, its secondary index carrying both hashes instead of a rowid).
    withoutRowid: { before: false, after: false },
  },
];

/** The query indexes of each table (src/db/query-indexes.ts when this migration landed), by the old table's name. */
const same = (name: string, columns: string): QueryIndex => ({ name, sqlite: columns, mysql: columns });
const QUERY_INDEXES: Record<string, QueryIndex[]> = {
  transfers: [
    same('idx_transfers_from', '`chain_id`, `from_address`, `block_number`'),
    same('idx_transfers_to', '`chain_id`, `to_address`, `block_number`'),
    same('idx_transfers_contract', '`chain_id`, `contract`, `block_number`'),
    same('idx_transfers_tx', '`chain_id`, `tx_hash`'),
  ],
  balances: [
    same('idx_balances_account', '`account`, `chain_id`, `contract`, `token_id`'),
    {
      name: 'idx_balances_holders',
      sqlite: '`chain_id`, `contract`, `token_id`, length(`balance`), `balance`, `account`',
      mysql: '`chain_id`, `contract`, `token_id`, `balance_digits`, `balance`, `account`',
    },
  ],
  balance_changes: [
    same('idx_balance_changes_block', '`chain_id`, `block_number`'),
    same('idx_balance_changes_account', '`chain_id`, `account`, `contract`, `token_id`, `block_number`'),
  ],
  // Not deferred: created with the table (migration 1763787600000).
  chain_transactions: [same('idx_txs_block', '`chain_id`, `block_number`')],
};

type Dialect = 'mysql' | 'sqlite';
type Form = 'hex' | 'binary';
type Log = (msg: string) => void;

const dialectOf = (q: QueryRunner): Dialect => (q.connection.options.type === 'mysql' ? 'mysql' : 'sqlite');
const isBinary = (c: Column) => c.kind === 'address' || c.kind === 'hash';

const columnType = (c: Column, form: Form, dialect: Dialect): string => {
  if (c.kind === 'int') return dialect === 'mysql' ? 'INT' : 'integer';
  if (c.kind === 'bigint') return dialect === 'mysql' ? 'BIGINT' : 'bigint';
  if (c.kind === 'bool') return dialect === 'mysql' ? 'TINYINT' : 'boolean';
  if (c.kind === 'longtext') return dialect === 'mysql' ? 'LONGTEXT' : 'text';
  if (typeof c.kind === 'object') return `varchar(${c.kind.text})`;
  const bytes = c.kind === 'address' ? 20 : 32;
  if (form === 'binary') return dialect === 'mysql' ? `VARBINARY(${bytes})` : 'blob';
  return `varchar(${2 + 2 * bytes})`;
};

/** CREATE TABLE of `spec` in `form` (binary: the new table; hex: the old one, for down()), without query indexes. */
const createTableSql = (spec: Spec, form: Form, dialect: Dialect, collation: string | null): string => {
  const table = form === 'binary' ? spec.compact : spec.old;
  const columns = spec.columns.map((c) => `\`${c.name}\` ${columnType(c, form, dialect)} ${c.nullable ? 'NULL' : 'NOT NULL'}${c.kind === 'bool' ? ' DEFAULT 0' : ''}`);
  // MariaDB indexes the holders' expression through this column (migration 1764450000000).
  if (dialect === 'mysql' && spec.old === 'balances') columns.push('`balance_digits` SMALLINT AS (LENGTH(`balance`)) VIRTUAL');
  columns.push(`PRIMARY KEY (${spec.key.map((k) => `\`${k}\``).join(', ')})`);
  const head = `CREATE TABLE IF NOT EXISTS \`${table}\` (${columns.join(', ')})`;
  if (dialect === 'mysql') return `${head} ENGINE=InnoDB${collation ? ` COLLATE=${collation}` : ''}`;
  return spec.withoutRowid[form === 'binary' ? 'after' : 'before'] ? `${head} WITHOUT ROWID` : head;
};

/** A column of the other form, as SQL reading `c` in `from`'s form. */
const convert = (c: Column, from: Form, dialect: Dialect): string => {
  const col = `\`${c.name}\``;
  if (!isBinary(c)) return col;
  if (from === 'hex') return dialect === 'mysql' ? `UNHEX(SUBSTR(${col}, 3))` : `unhex(substr(${col}, 3))`;
  return dialect === 'mysql'
    ? `IF(LENGTH(${col}) = 0, '', CONCAT('0x', LOWER(HEX(${col}))))`
    : `(CASE WHEN length(${col}) = 0 THEN '' ELSE '0x' || lower(hex(${col})) END)`;
};

/** The compatibility view: the old table's name and columns over the new table. */
const createViewSql = (spec: Spec, dialect: Dialect): string => {
  const columns = spec.columns.map((c) => (isBinary(c) ? `${convert(c, 'binary', dialect)} AS \`${c.name}\`` : `\`${c.name}\``));
  if (dialect === 'mysql' && spec.old === 'balances') columns.push('LENGTH(`balance`) AS `balance_digits`');
  const select = `SELECT ${columns.join(', ')} FROM \`${spec.compact}\``;
  return dialect === 'mysql' ? `CREATE OR REPLACE VIEW \`${spec.old}\` AS ${select}` : `CREATE VIEW IF NOT EXISTS \`${spec.old}\` AS ${select}`;
};

/** 'table', 'view' or null. */
const kindOf = async (q: QueryRunner, name: string): Promise<'table' | 'view' | null> => {
  if (dialectOf(q) === 'mysql') {
    const rows = await q.query('SELECT table_type AS t FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?', [name]);
    if (!rows.length) return null;
    return rows[0].t === 'VIEW' ? 'view' : 'table';
  }
  const rows = await q.query(`SELECT type FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')`, [name]);
  return rows.length ? rows[0].type : null;
};

const collationOf = async (q: QueryRunner, table: string): Promise<string | null> => {
  if (dialectOf(q) !== 'mysql') return null;
  const rows = await q.query('SELECT table_collation AS c FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?', [table]);
  return rows[0]?.c ?? null;
};

/** The query indexes of `spec` present on `table`, by name. */
const presentIndexes = async (q: QueryRunner, spec: Spec, table: string): Promise<string[]> => {
  const names = QUERY_INDEXES[spec.old].map((i) => i.name);
  const marks = names.map(() => '?').join(', ');
  const rows: Array<{ name: string }> =
    dialectOf(q) === 'mysql'
      ? await q.query(
          `SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name IN (${marks})`,
          [table, ...names],
        )
      : await q.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name IN (${marks})`, [table, ...names]);
  const present = new Set(rows.map((r) => r.name));
  return names.filter((n) => present.has(n));
};

/** Creates those of `names` missing on `table` (one ALTER on MySQL: one scan of the table for all of them). */
const createIndexes = async (q: QueryRunner, spec: Spec, table: string, names: string[]) => {
  const present = new Set(await presentIndexes(q, spec, table));
  const missing = QUERY_INDEXES[spec.old].filter((i) => names.includes(i.name) && !present.has(i.name));
  if (!missing.length) return;
  if (dialectOf(q) === 'mysql') {
    await q.query(`ALTER TABLE \`${table}\` ${missing.map((i) => `ADD INDEX \`${i.name}\` (${i.mysql})`).join(', ')}`);
  } else {
    for (const i of missing) await q.query(`CREATE INDEX IF NOT EXISTS \`${i.name}\` ON \`${table}\` (${i.sqlite})`);
  }
};

/** SQL: the key (columns `key`) after (`op` '>') or at most (`op` '<=') the bound values; MariaDB ranges only the expanded form. */
const keyBound = (dialect: Dialect, key: string[], op: '>' | '<='): string => {
  const cols = key.map((k) => `\`${k}\``);
  if (dialect === 'sqlite') return `(${cols.join(', ')}) ${op} (${cols.map(() => '?').join(', ')})`;
  const strict = op === '>' ? '>' : '<';
  const last = op === '>' ? '>' : '<=';
  // a > ? OR (a = ? AND (b > ? OR (b = ? AND c > ?)))
  const nest = (i: number): string => (i === cols.length - 1 ? `${cols[i]} ${last} ?` : `${cols[i]} ${strict} ? OR (${cols[i]} = ? AND (${nest(i + 1)}))`);
  return `(${nest(0)})`;
};

/** The bound values for keyBound: each value once on SQLite, the expanded form's repetitions on MySQL. */
const keyParams = (dialect: Dialect, values: unknown[]): unknown[] => {
  if (dialect === 'sqlite') return values;
  return values.flatMap((v, i) => (i === values.length - 1 ? [v] : [v, v]));
};

/** A key as JSON for the progress row: binary values (down()'s keys) as {"hex": …}. */
const encodeKey = (values: unknown[]): string =>
  JSON.stringify(values.map((v) => (v instanceof Uint8Array ? { hex: Buffer.from(v).toString('hex') } : v)));
const decodeKey = (json: string): unknown[] =>
  (JSON.parse(json) as unknown[]).map((v) => (v && typeof v === 'object' && 'hex' in v ? Buffer.from((v as { hex: string }).hex, 'hex') : v));

type Progress = { state: 'copying' | 'copied' | 'done'; last_key: string | null; rows_done: number; rows_total: number; indexes: string | null };

const ensureProgressTable = async (q: QueryRunner) => {
  const dialect = dialectOf(q);
  await q.query(
    `CREATE TABLE IF NOT EXISTS \`${PROGRESS}\` (` +
      '`migration` varchar(100) NOT NULL, `table_name` varchar(64) NOT NULL, `state` varchar(16) NOT NULL, ' +
      `\`last_key\` text NULL, \`rows_done\` ${dialect === 'mysql' ? 'BIGINT' : 'bigint'} NOT NULL, \`rows_total\` ${dialect === 'mysql' ? 'BIGINT' : 'bigint'} NOT NULL, ` +
      '`indexes` text NULL, PRIMARY KEY (`migration`, `table_name`))',
  );
};

const readProgress = async (q: QueryRunner, migration: string, table: string): Promise<Progress | null> => {
  if (!(await kindOf(q, PROGRESS))) return null;
  const rows = await q.query(`SELECT state, last_key, rows_done, rows_total, indexes FROM \`${PROGRESS}\` WHERE migration = ? AND table_name = ?`, [migration, table]);
  if (!rows.length) return null;
  return { ...rows[0], rows_done: Number(rows[0].rows_done), rows_total: Number(rows[0].rows_total) };
};

const chunkRows = (): number => {
  const raw = process.env.STRATA_MIGRATION_CHUNK_ROWS;
  if (raw === undefined || raw === '') return DEFAULT_CHUNK_ROWS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`STRATA_MIGRATION_CHUNK_ROWS must be a positive integer (got ${raw})`);
  return n;
};

const seconds = (s: number) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);

/**
 * Moves the rows of `from` (in form `fromForm`) into `to` (the other form) in committed chunks, then drops `from` and
 * builds on `to` the query indexes `from` had. Every step can run again after a crash before or after it.
 * `afterDrop` runs once `from` is gone (up: the compatibility view).
 */
const moveTable = async (
  q: QueryRunner,
  log: Log,
  migration: string,
  spec: Spec,
  fromForm: Form,
  afterDrop: () => Promise<void>,
) => {
  const dialect = dialectOf(q);
  const toForm: Form = fromForm === 'hex' ? 'binary' : 'hex';
  const [from, to] = fromForm === 'hex' ? [spec.old, spec.compact] : [spec.compact, spec.old];
  let progress = await readProgress(q, migration, from);

  if ((await kindOf(q, from)) === 'table') {
    await q.query(createTableSql(spec, toForm, dialect, await collationOf(q, from)));
    await ensureProgressTable(q);
    if (!progress) {
      const total = Number((await q.query(`SELECT COUNT(*) AS n FROM \`${from}\``))[0].n);
      await q.query(`INSERT INTO \`${PROGRESS}\` (migration, table_name, state, last_key, rows_done, rows_total, indexes) VALUES (?, ?, 'copying', NULL, 0, ?, NULL)`, [
        migration,
        from,
        total,
      ]);
      progress = (await readProgress(q, migration, from))!;
    }
    if (progress.state === 'copying') await copy(q, log, migration, spec, from, to, fromForm, progress);
    // The query indexes `from` has now: the ones to build on `to` once `from` (and, on SQLite, their names) are gone.
    const indexes = await presentIndexes(q, spec, from);
    await q.query(`UPDATE \`${PROGRESS}\` SET state = 'copied', indexes = ? WHERE migration = ? AND table_name = ?`, [JSON.stringify(indexes), migration, from]);
    progress = (await readProgress(q, migration, from))!;
    await q.query(`DROP TABLE \`${from}\``);
  }
  await afterDrop();
  if (progress && progress.state !== 'done') {
    const indexes: string[] = JSON.parse(progress.indexes ?? '[]');
    if (indexes.length) {
      const started = Date.now();
      log(`${to}: building query indexes ${indexes.join(', ')}`);
      await createIndexes(q, spec, to, indexes);
      log(`${to}: query indexes built in ${seconds((Date.now() - started) / 1000)}`);
    }
    await q.query(`UPDATE \`${PROGRESS}\` SET state = 'done' WHERE migration = ? AND table_name = ?`, [migration, from]);
  }
};

/** The chunked copy: each chunk and its progress row in one transaction. */
const copy = async (q: QueryRunner, log: Log, migration: string, spec: Spec, from: string, to: string, fromForm: Form, progress: Progress) => {
  const dialect = dialectOf(q);
  const chunk = chunkRows();
  const keyCols = spec.key.map((k) => `\`${k}\``).join(', ');
  const targetCols = spec.columns.map((c) => `\`${c.name}\``).join(', ');
  const sourceCols = spec.columns.map((c) => convert(c, fromForm, dialect)).join(', ');
  let last: unknown[] | null = progress.last_key ? decodeKey(progress.last_key) : null;
  let done = progress.rows_done;
  const total = progress.rows_total;
  const started = Date.now();
  const doneAtStart = done;
  let logged = started;
  log(`${from} -> ${to}: ${done ? `resuming at ${done.toLocaleString('en-US')} of` : 'copying'} ${total.toLocaleString('en-US')} rows, ${chunk.toLocaleString('en-US')} per chunk`);

  for (;;) {
    const after = last ? `WHERE ${keyBound(dialect, spec.key, '>')}` : '';
    const afterParams = last ? keyParams(dialect, last) : [];
    await q.startTransaction();
    try {
      // The chunk's last key: the chunk-th row after the last one copied (none: the rest is the last chunk).
      const end = (await q.query(`SELECT ${keyCols} FROM \`${from}\` ${after} ORDER BY ${keyCols} LIMIT 1 OFFSET ${chunk - 1}`, afterParams))[0];
      let rows: number;
      if (end) {
        const endKey = spec.key.map((k) => end[k]);
        const where = `WHERE ${last ? `${keyBound(dialect, spec.key, '>')} AND ` : ''}${keyBound(dialect, spec.key, '<=')}`;
        await q.query(`INSERT INTO \`${to}\` (${targetCols}) SELECT ${sourceCols} FROM \`${from}\` ${where} ORDER BY ${keyCols}`, [...afterParams, ...keyParams(dialect, endKey)]);
        rows = chunk;
        last = endKey;
      } else {
        rows = Number((await q.query(`SELECT COUNT(*) AS n FROM \`${from}\` ${after}`, afterParams))[0].n);
        await q.query(`INSERT INTO \`${to}\` (${targetCols}) SELECT ${sourceCols} FROM \`${from}\` ${after} ORDER BY ${keyCols}`, afterParams);
      }
      done += rows;
      await q.query(`UPDATE \`${PROGRESS}\` SET state = ?, last_key = ?, rows_done = ? WHERE migration = ? AND table_name = ?`, [
        end ? 'copying' : 'copied',
        last ? encodeKey(last) : null,
        done,
        migration,
        from,
      ]);
      await q.commitTransaction();
      if (!end) break;
    } catch (err) {
      await q.rollbackTransaction();
      throw err;
    }
    const now = Date.now();
    if (now - logged >= LOG_EVERY_MS) {
      logged = now;
      const rate = (done - doneAtStart) / ((now - started) / 1000);
      const left = Math.max(total - done, 0);
      log(
        `${from} -> ${to}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} rows (${total ? Math.floor((100 * done) / total) : 100} %), ` +
          `${Math.round(rate).toLocaleString('en-US')} rows/s, about ${seconds(left / rate)} left`,
      );
    }
  }
  const secs = (Date.now() - started) / 1000;
  log(`${from} -> ${to}: ${(done - doneAtStart).toLocaleString('en-US')} rows copied in ${seconds(secs)} (${Math.round((done - doneAtStart) / Math.max(secs, 0.001)).toLocaleString('en-US')} rows/s)`);
};

/** Drops the progress table once it holds no row of another migration. */
const dropProgress = async (q: QueryRunner, migration: string) => {
  if (!(await kindOf(q, PROGRESS))) return;
  await q.query(`DELETE FROM \`${PROGRESS}\` WHERE migration = ?`, [migration]);
  if (!(await q.query(`SELECT 1 AS one FROM \`${PROGRESS}\` LIMIT 1`)).length) await q.query(`DROP TABLE \`${PROGRESS}\``);
};

/**
 * Progress lines: through the logger the runner hands down in `queryRunner.data.logger` (src/db/migrate.ts gives it the
 * process's), else on stderr (a runner without one, e.g. TypeORM's own CLI).
 */
const loggerOf = (q: QueryRunner): Log => {
  const logger = (q.data as { logger?: { info(obj: object, msg: string): void } } | undefined)?.logger;
  if (logger) return (msg) => logger.info({ migration: MIGRATION }, msg);
  return (msg) => process.stderr.write(`strata migrate: ${msg}\n`);
};

/** Whether there is nothing to copy and no interrupted run to finish (a new database). */
const oldTablesEmpty = async (q: QueryRunner): Promise<boolean> => {
  if ((await kindOf(q, PROGRESS)) !== null) return false;
  for (const spec of TABLES) {
    if ((await kindOf(q, spec.old)) === 'table' && (await q.query(`SELECT 1 AS one FROM \`${spec.old}\` LIMIT 1`)).length) return false;
  }
  return true;
};

/**
 * Runs `fn` with no transaction open. TypeORM's undo (undoLastMigration with transaction 'each') opens one around down()
 * whatever `transaction` says: it is committed (nothing is in it yet) and opened again for the runner to record the undo.
 */
const outsideTransaction = async (q: QueryRunner, fn: () => Promise<void>) => {
  const reopen = q.isTransactionActive;
  if (reopen) await q.commitTransaction();
  try {
    await fn();
  } finally {
    if (reopen) await q.startTransaction();
  }
};

export class CompactChainTables1795810000000 implements MigrationInterface {
  name = MIGRATION;
  // Chunks commit one by one (a stopped run resumes after the last), which one transaction around the whole would undo.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    const dialect = dialectOf(q);
    // A new database (nothing to copy) migrates in silence.
    const log: Log = (await oldTablesEmpty(q)) ? () => undefined : loggerOf(q);
    const started = Date.now();
    await outsideTransaction(q, async () => {
      for (const spec of TABLES) {
        await moveTable(q, log, `${MIGRATION}:up`, spec, 'hex', async () => {
          // The previous release reads the old name: a view of the old columns over the new table.
          if ((await kindOf(q, spec.old)) === null) await q.query(createViewSql(spec, dialect));
        });
      }
      await dropProgress(q, `${MIGRATION}:up`);
    });
    log(`compact chain tables: done in ${seconds((Date.now() - started) / 1000)}`);
  }

  /** The old tables again, from the new ones, the same way (chunked, resumable); the views go first. */
  async down(q: QueryRunner): Promise<void> {
    const log = loggerOf(q);
    await outsideTransaction(q, async () => {
      for (const spec of TABLES) {
        if ((await kindOf(q, spec.old)) === 'view') await q.query(`DROP VIEW \`${spec.old}\``);
        await moveTable(q, log, `${MIGRATION}:down`, spec, 'binary', async () => undefined);
      }
      await dropProgress(q, `${MIGRATION}:down`);
    });
  }
}
