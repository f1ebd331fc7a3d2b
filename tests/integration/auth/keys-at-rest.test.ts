// Access keys are stored as SHA-256 hashes; keys issued before the change keep working after the
// migration; the data directory and files Strata creates are private to its user.
import fs from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../../src/config';
import { accessKeyHash, createDataSource, migrateDatabase, type Db } from '../../../src/db';
import { createAccessKeysService } from '../../../src/domain/auth/access-keys';
import { createAuthService } from '../../../src/domain/auth/service';
import { migrations } from '../../../migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

let db: TestDatabase;
let ds: Db;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db.drop();
});

const OLD_KEY = 'AQAAAAAAAAABq83vEjRWeJCrze8SNFZ4kA';

it('hashes keys stored in plain text by the migration, and they keep working', async () => {
  const config = loadConfig(db.env);
  // The schema as it was before keys were hashed, with one key stored the old way.
  const before = createDataSource(config);
  const old = new DataSource({ ...before.options, migrations: migrations.filter((m) => m.name !== 'HashedAccessKeys1764000000000') } as typeof before.options);
  await old.initialize();
  await old.runMigrations({ transaction: 'each' });
  await old.query(`INSERT INTO projects (name, created_at) VALUES ('p', '2025-01-01 00:00:00')`);
  await old.query(`INSERT INTO access_keys (project_id, access_key, created_at) VALUES (1, ?, '2025-01-01 00:00:00')`, [OLD_KEY]);
  await old.destroy();

  ds = createDataSource(config);
  await ds.initialize();
  expect(await migrateDatabase(ds)).toEqual(['HashedAccessKeys1764000000000']);
  const rows: Array<{ key_hash: string }> = await ds.query('SELECT key_hash FROM access_keys');
  expect(rows.map((r) => r.key_hash)).toEqual([accessKeyHash(OLD_KEY)]);

  const auth = createAuthService({ db: ds, jwtSecret: config.jwtSecret });
  try {
    await expect(auth.requireAccessKey({ accessKey: OLD_KEY })).resolves.toEqual({ projectId: 1 });
    await expect(auth.requireAccessKey({ accessKey: accessKeyHash(OLD_KEY) })).rejects.toMatchObject({ kind: 'AccessKeyNotFound' });

    // A new key is returned once and stored only as its hash.
    const { key: fresh } = await createAccessKeysService({ db: ds, forget: auth.forgetAccessKey }).create(1);
    const stored: Array<Record<string, string>> = await ds.query('SELECT * FROM access_keys');
    const text = JSON.stringify(stored);
    expect(text).not.toContain(fresh);
    expect(text).not.toContain(OLD_KEY);
    expect(stored.map((r) => r.key_hash)).toContain(accessKeyHash(fresh));
    await expect(auth.requireAccessKey({ accessKey: fresh })).resolves.toEqual({ projectId: 1 });
  } finally {
    await auth.close();
  }
});

it('creates the data directory 0700 and its files 0600, and narrows an old database file', async () => {
  const dataDir = path.join(db.dataDir, 'fresh');
  // The embedded SQLite default, whichever dialect the rest of this file runs on: its files are the ones on disk.
  const config = loadConfig({ DATA_DIR: dataDir });
  const mode = (p: string) => fs.statSync(p).mode & 0o777;
  expect(mode(dataDir)).toBe(0o700);
  expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  const sqlite = createDataSource(config);
  await sqlite.initialize();
  try {
    await migrateDatabase(sqlite);
    const file = path.join(dataDir, 'strata.sqlite');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, mode(f)]).toEqual([f, 0o600]);
  } finally {
    await sqlite.destroy();
  }

  // An install from before this change: world-readable file in a world-readable directory.
  const oldDir = path.join(db.dataDir, 'old-install');
  fs.mkdirSync(oldDir, { mode: 0o755 });
  const oldFile = path.join(oldDir, 'strata.sqlite');
  fs.writeFileSync(oldFile, '');
  fs.chmodSync(oldFile, 0o644);
  const reopened = createDataSource(loadConfig({ DATA_DIR: oldDir }));
  await reopened.initialize();
  await reopened.destroy();
  expect(mode(oldFile)).toBe(0o600);
});
