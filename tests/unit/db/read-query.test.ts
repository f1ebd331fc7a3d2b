// readQuery answers exactly as DataSource.query does (same rows, same value types), logs through TypeORM's logger,
// and fails with TypeORM's QueryFailedError — on whichever dialect the tests run (DATABASE_URL=mysql://… for MySQL).
import { QueryFailedError } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { createDataSource, readQuery, type Db } from '../../../src/db';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  await db.initialize();
  await db.query('CREATE TABLE rq (id INTEGER PRIMARY KEY, big DECIMAL(65, 0), label VARCHAR(20), at_time DATETIME)');
  await db.query('INSERT INTO rq (id, big, label, at_time) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', [
    1, '123456789012345678901234567890', 'one', '2026-11-22 08:00:00',
    2, '7', 'two', '2026-11-22 09:30:00',
  ]);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('readQuery', () => {
  const sql = 'SELECT id, big, label, at_time FROM rq WHERE id >= ? ORDER BY id';

  it('returns what DataSource.query returns', async () => {
    const rows = await readQuery(db, sql, [1]);
    expect(rows).toEqual(await db.query(sql, [1]));
    expect(rows).toHaveLength(2);
  });

  it('logs the statement through TypeORM’s logger (statement counts in tests rely on it)', async () => {
    const seen: string[] = [];
    const original = db.logger.logQuery.bind(db.logger);
    db.logger.logQuery = (q, p, r) => (seen.push(q), original(q, p, r));
    try {
      await readQuery(db, sql, [2]);
    } finally {
      db.logger.logQuery = original;
    }
    expect(seen).toEqual([sql]);
  });

  it('rejects a failing statement with QueryFailedError', async () => {
    await expect(readQuery(db, 'SELECT nope FROM rq', [])).rejects.toBeInstanceOf(QueryFailedError);
  });
});
