// Every MySQL/MariaDB connection Strata opens is in strict SQL mode (src/db/mysql-driver.ts), whatever the server's
// default: a value outside its column is an error, not a clamped or truncated row; and positions that are unsigned
// quantities on the wire have 64 bits. SQLite (the embedded default) has no SQL mode: there only the column types are
// checked. Whichever dialect the tests run on (DATABASE_URL=mysql://… for MySQL).
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { createDataSource, dialectOf, type Db } from '../../../src/db';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  await db.initialize();
  await db.runMigrations();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const onMysql = dialect() === 'mysql';
const mysqlIt = onMysql ? it : () => undefined;

mysqlIt('opens every pooled connection in strict mode, the server’s other modes kept', async () => {
  const [{ global }] = await db.query('SELECT @@GLOBAL.sql_mode AS global');
  // Several connections at once: the pool opens new ones for them, each set up before its first query.
  const modes = await Promise.all(
    Array.from({ length: 6 }, () =>
      db.transaction(async (m) => {
        const [{ mode }] = await m.query('SELECT @@SESSION.sql_mode AS mode, SLEEP(0.05) AS s');
        return String(mode).split(',');
      }),
    ),
  );
  for (const mode of modes) {
    expect(mode).toContain('STRICT_ALL_TABLES');
    for (const m of String(global).split(',').filter(Boolean)) expect(mode).toContain(m);
  }
});

mysqlIt('refuses a value outside its column in a plain statement', async () => {
  await db.query('CREATE TABLE strict_probe (n INT UNSIGNED NOT NULL, s VARCHAR(4) NOT NULL) ENGINE=MyISAM');
  // MyISAM: not transactional, where STRICT_TRANS_TABLES alone would clamp the value with a warning.
  await expect(db.query("INSERT INTO strict_probe VALUES (4294967296, 'ok')")).rejects.toThrow(/out of range/i);
  await expect(db.query("INSERT INTO strict_probe VALUES (1, 'too long')")).rejects.toThrow(/too long/i);
  expect(await db.query('SELECT COUNT(*) AS n FROM strict_probe')).toEqual([{ n: '0' }]);
});

it('gives log and transaction indexes 64 bits (unsigned on MySQL/MariaDB)', async () => {
  if (dialectOf(db) === 'sqlite') {
    // SQLite's INTEGER holds any 64-bit signed value, which every index below 2^53 (the reader's numbers) fits.
    for (const [table, columns] of [['token_transfers', ['batch_index', 'log_index', 'tx_index']], ['market_events', ['batch_index', 'log_index']], ['token_transactions', ['tx_index']]] as const) {
      const info: Array<{ name: string; type: string }> = await db.query(`PRAGMA table_info(${table})`);
      expect(info.filter((c) => (columns as readonly string[]).includes(c.name)).map((c) => [c.name, c.type.toUpperCase()])).toEqual(
        info.filter((c) => (columns as readonly string[]).includes(c.name)).map((c) => [c.name, expect.stringMatching(/^(INTEGER|BIGINT)$/)]),
      );
      expect(info.filter((c) => (columns as readonly string[]).includes(c.name))).toHaveLength(columns.length);
    }
    return;
  }
  const rows: Array<{ t: string; c: string; type: string }> = await db.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME IN ('log_index', 'tx_index', 'batch_index')
       AND TABLE_NAME IN ('token_transfers', 'market_events', 'token_transactions') ORDER BY t, c`,
  );
  expect(rows.map((r) => `${r.t}.${r.c} ${r.type}`)).toEqual([
    'market_events.batch_index int(10) unsigned',
    'market_events.log_index bigint(20) unsigned',
    'token_transactions.tx_index bigint(20) unsigned',
    'token_transfers.batch_index int(10) unsigned',
    'token_transfers.log_index bigint(20) unsigned',
    'token_transfers.tx_index bigint(20) unsigned',
  ]);
});
