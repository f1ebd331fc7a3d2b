// The clustered-balances migration on a database that already holds balances: SQLite rebuilds `balances` and
// `balance_changes` as WITHOUT ROWID tables with every row and index kept, and back again on revert; MySQL/MariaDB
// (InnoDB already clusters by primary key) keep the tables as they were.
import { DataSource } from 'typeorm';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { createDataSource, type Db } from '../../../src/db';
import { migrations } from '../../../migrations';

let database: TestDatabase;
let db: Db;

const TABLES = ['balances', 'balance_changes'] as const;
const AT = migrations.findIndex((m) => m.name === 'ClusteredBalances1764810000000');
type Table = (typeof TABLES)[number];

const rowsOf = (table: Table) => db.query(`SELECT * FROM ${table} ORDER BY chain_id, contract, account, token_id${table === 'balance_changes' ? ', block_number' : ''}`);

/** Each table's definition and its indexes, as the database itself states them. */
const definitionOf = async (table: Table): Promise<string> => {
  if (dialect() === 'mysql') return ((await db.query(`SHOW CREATE TABLE \`${table}\``)) as Array<Record<string, string>>)[0]['Create Table'];
  // The primary key's automatic index has no statement (and no row of its own once the table is WITHOUT ROWID).
  const rows: Array<{ sql: string }> = await db.query(`SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC, name`, [table]);
  return rows.map((r) => r.sql).join('\n');
};

const withoutRowid = async (table: Table) => /WITHOUT ROWID\s*$/i.test((await db.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [table]))[0].sql);

const seed = async () => {
  const account = (i: number) => `0x${String(i).padStart(40, '0')}`;
  for (let i = 1; i <= 30; i++) {
    await db.query(`INSERT INTO balances (chain_id, contract, account, token_id, balance, block_number, block_hash) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      31337,
      account(1000 + (i % 3)),
      account(i),
      i % 2 ? '' : String(i),
      String(10n ** BigInt(i)),
      i,
      `0x${'ab'.repeat(32)}`,
    ]);
    await db.query(`INSERT INTO balance_changes (chain_id, contract, block_number, account, token_id, block_hash, delta, balance) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      31337,
      account(1000 + (i % 3)),
      i,
      account(i),
      i % 2 ? '' : String(i),
      `0x${'cd'.repeat(32)}`,
      String(-i),
      String(10n ** BigInt(i)),
    ]);
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', ...database.env });
  const options = createDataSource(config).options;
  // Every migration before this one, and rows written under them.
  const before = new DataSource({ ...options, migrations: migrations.slice(0, AT) });
  await before.initialize();
  await before.runMigrations({ transaction: 'each' });
  await before.destroy();
  // Up to this migration only: later ones (other tables) are not what this test is about.
  db = new DataSource({ ...options, migrations: migrations.slice(0, AT + 1) });
  await db.initialize();
  await seed();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

test('the clustered-balances migration is in the list', () => {
  expect(migrations[AT].name).toBe('ClusteredBalances1764810000000');
});

test('up keeps every row and index; SQLite stores both tables by primary key; down restores rowid tables', async () => {
  const rows = { balances: await rowsOf('balances'), balance_changes: await rowsOf('balance_changes') };
  const schema = { balances: await definitionOf('balances'), balance_changes: await definitionOf('balance_changes') };
  expect(rows.balances).toHaveLength(30);
  if (dialect() === 'sqlite') for (const t of TABLES) expect(await withoutRowid(t)).toBe(false);

  expect((await db.runMigrations({ transaction: 'each' })).map((m) => m.name)).toEqual(['ClusteredBalances1764810000000']);
  for (const t of TABLES) {
    expect(await rowsOf(t)).toEqual(rows[t]);
    if (dialect() === 'mysql') {
      expect(await definitionOf(t)).toBe(schema[t]);
    } else {
      expect(await withoutRowid(t)).toBe(true);
      // The same columns, key and indexes: only the storage changed.
      expect((await definitionOf(t)).replace(/\s*WITHOUT ROWID/i, '')).toBe(schema[t]);
    }
  }
  // The ingester's balance read names the primary key; it is still there by that name.
  if (dialect() === 'sqlite') {
    const plan: Array<{ detail: string }> = await db.query(
      'EXPLAIN QUERY PLAN SELECT balance FROM balances INDEXED BY sqlite_autoindex_balances_1 WHERE chain_id = ? AND contract = ? AND account IN (?)',
      [31337, '0x1', '0x2'],
    );
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/PRIMARY KEY/);
  }

  await db.undoLastMigration({ transaction: 'each' });
  for (const t of TABLES) {
    expect(await rowsOf(t)).toEqual(rows[t]);
    expect(await definitionOf(t)).toBe(schema[t]);
  }
});
