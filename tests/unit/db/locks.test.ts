// Named database locks are scoped to one database: two indexes on one MySQL/MariaDB server (GET_LOCK names are
// server-wide) each hold their own, while two holders in the same database still exclude each other. On SQLite the
// lock is a file beside the database, so the same holds trivially; run with DATABASE_URL=mysql://… to test GET_LOCK.
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { acquireDatabaseLock, createDataSource, mysqlLockName, type Db } from '../../../src/db';

describe('mysqlLockName', () => {
  it('names the database, readably when it fits', () => {
    expect(mysqlLockName('strata_a', 'ingest-1')).toBe('strata:strata_a:ingest-1');
    expect(mysqlLockName('strata_b', 'ingest-1')).not.toBe(mysqlLockName('strata_a', 'ingest-1'));
  });

  it('stays within 64 characters and apart for long names that share a prefix', () => {
    const long = 'x'.repeat(70);
    const a = mysqlLockName(`${long}_a`, 'ingest-1');
    const b = mysqlLockName(`${long}_b`, 'ingest-1');
    expect(a.length).toBeLessThanOrEqual(64);
    expect(b.length).toBeLessThanOrEqual(64);
    expect(a).not.toBe(b);
    expect(a).toBe(mysqlLockName(`${long}_a`, 'ingest-1'));
    expect(a.startsWith('strata:xxx')).toBe(true);
  });

  it('keeps databases that differ only in case apart (lock names may compare case-insensitively)', () => {
    expect(mysqlLockName('Strata', 'ingest-1').toLowerCase()).not.toBe(mysqlLockName('strata', 'ingest-1').toLowerCase());
  });
});

describe('acquireDatabaseLock', () => {
  const databases: TestDatabase[] = [];
  const sources: Db[] = [];
  const open = async (database: TestDatabase) => {
    const db = createDataSource(loadConfig(database.env));
    await db.initialize();
    sources.push(db);
    return db;
  };

  afterAll(async () => {
    await Promise.all(sources.map((s) => s.destroy()));
    await Promise.all(databases.map((d) => d.drop()));
  });

  it('lets two databases hold the lock of the same name at once, but not two holders in one database', async () => {
    databases.push(await createTestDatabase(), await createTestDatabase());
    const [a, b] = databases;
    const inA = await acquireDatabaseLock(await open(a), 'ingest-31337', { timeoutMs: 0 });
    const inB = await acquireDatabaseLock(await open(b), 'ingest-31337', { timeoutMs: 0 });
    // Another process of database A (its own connection pool) must wait.
    const otherA = await open(a);
    await expect(acquireDatabaseLock(otherA, 'ingest-31337', { timeoutMs: 0 })).rejects.toThrow(/timed out/);
    await inA();
    const again = await acquireDatabaseLock(otherA, 'ingest-31337', { timeoutMs: 0 });
    await again();
    await inB();
  });
});
