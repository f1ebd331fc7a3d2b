// The contract-collection-ids migration on a database that already holds collection links: every link is kept and
// gets an id in creation order, a contract still links to one collection at most, and down restores the old table.
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { createDataSource } from '../../../src/db';
import { migrations } from '../../../migrations';

let database: TestDatabase;
let db: DataSource;

const NAME = 'ContractCollectionIds1795771843514';
const AT = migrations.findIndex((m) => m.name === NAME);
const address = (i: number) => `0x${String(i).padStart(40, '0')}`;

const linksOf = () => db.query(`SELECT chain_id, contract, collection_id, created_at FROM collection_links ORDER BY chain_id, contract`);

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', ...database.env });
  const options = createDataSource(config).options;
  const before = new DataSource({ ...options, migrations: migrations.slice(0, AT) });
  await before.initialize();
  await before.runMigrations({ transaction: 'each' });
  await before.destroy();
  db = new DataSource({ ...options, migrations: migrations.slice(0, AT + 1) });
  await db.initialize();
  const now = '2026-01-01 00:00:00.000';
  await db.query(`INSERT INTO projects (id, name, created_at) VALUES (1, 'p', ?)`, [now]);
  for (const id of [1, 2]) {
    await db.query(`INSERT INTO collections (id, project_id, name, description, private, created_at, updated_at) VALUES (?, 1, ?, '', 0, ?, ?)`, [id, `c${id}`, now, now]);
  }
  // Created out of address order: ids must follow creation time.
  const seeds: Array<[number, number, number, string]> = [
    [31337, 3, 1, '2026-01-01 00:00:01.000'],
    [31337, 1, 2, '2026-01-01 00:00:02.000'],
    [5, 2, 1, '2026-01-01 00:00:03.000'],
  ];
  for (const [chain, a, collection, at] of seeds) {
    await db.query(`INSERT INTO collection_links (chain_id, contract, collection_id, created_at) VALUES (?, ?, ?, ?)`, [chain, address(a), collection, at]);
  }
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

test('up keeps every link and numbers them in creation order; a contract still has one link; down restores the table', async () => {
  const before = await linksOf();
  expect(before).toHaveLength(3);

  expect((await db.runMigrations({ transaction: 'each' })).map((m) => m.name)).toEqual([NAME]);
  expect(await linksOf()).toEqual(before);
  const ids: Array<{ id: number; contract: string }> = await db.query(`SELECT id, contract FROM collection_links ORDER BY id`);
  expect(ids.map((r) => [Number(r.id), r.contract])).toEqual([
    [1, address(3)],
    [2, address(1)],
    [3, address(2)],
  ]);
  await expect(
    db.query(`INSERT INTO collection_links (chain_id, contract, collection_id, created_at) VALUES (31337, ?, 2, '2026-01-02 00:00:00.000')`, [address(3)]),
  ).rejects.toThrow(/UNIQUE|Duplicate/i);
  await db.query(`INSERT INTO collection_links (chain_id, contract, collection_id, created_at) VALUES (31337, ?, 2, '2026-01-02 00:00:00.000')`, [address(4)]);
  // New links number on after the copied ones (InnoDB may have spent a value on the refused insert).
  expect(Number((await db.query(`SELECT id FROM collection_links WHERE contract = ?`, [address(4)]))[0].id)).toBeGreaterThan(3);
  await db.query(`DELETE FROM collection_links WHERE contract = ?`, [address(4)]);

  await db.undoLastMigration({ transaction: 'each' });
  expect(await linksOf()).toEqual(before);
  await expect(db.query(`SELECT id FROM collection_links`)).rejects.toThrow();
});
