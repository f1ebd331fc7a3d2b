// A chain-derived table that reorg.ts has never heard of, written through the chain writer, is rolled back with the
// rest: keyed rows to how they stood at the ancestor, rows of orphaned blocks deleted. On both dialects.
import { EntitySchema, Table } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { ChainCheckpointEntity, createDataSource, entities, migrateDatabase, type Db } from '../../../src/db';
import { createChainWriter } from '../../../src/ingestion/chain-writer';
import { rollbackTo, UnrecordedReorgError } from '../../../src/ingestion/reorg';

const CHAIN = 778;

/** A per-token supply, as a future "supplies" table would keep it: one row per key, rewritten as blocks come. */
type SupplyRow = { chainId: number; contract: string; supply: string; blockNumber: number };
const SupplyEntity = new EntitySchema<SupplyRow>({
  name: 'TestSupply',
  tableName: 'test_supplies',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: { type: 'varchar', length: 42, primary: true },
    supply: { type: 'varchar', length: 78 },
    blockNumber: { type: 'integer', name: 'block_number' },
  },
});

/** Rows that belong to blocks, as a future per-block table would keep them. */
type NoteRow = { chainId: number; blockNumber: number; position: number; note: string; seenAt: Date };
const NoteEntity = new EntitySchema<NoteRow>({
  name: 'TestNote',
  tableName: 'test_notes',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    blockNumber: { type: 'integer', primary: true, name: 'block_number' },
    position: { type: 'integer', primary: true },
    note: { type: 'varchar', length: 64 },
    seenAt: { type: 'datetime', precision: 3, name: 'seen_at' },
  },
});

let database: TestDatabase;
let db: Db;

const supplies = async () =>
  Object.fromEntries((await db.getRepository(SupplyEntity).find({ where: { chainId: CHAIN } })).map((r) => [r.contract, [r.supply, r.blockNumber]]));
const notes = async () => (await db.getRepository(NoteEntity).find({ where: { chainId: CHAIN }, order: { blockNumber: 'ASC' } })).map((r) => r.note);
const write = (logFrom: number, fn: (w: ReturnType<typeof createChainWriter>) => Promise<void>) =>
  db.transaction((m) => fn(createChainWriter(m, CHAIN, logFrom)));

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  db.setOptions({ entities: [...entities, SupplyEntity, NoteEntity] });
  await db.initialize();
  await migrateDatabase(db);
  const q = db.createQueryRunner();
  await q.createTable(
    new Table({
      name: 'test_supplies',
      columns: [
        { name: 'chain_id', type: 'integer', isPrimary: true },
        { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
        { name: 'supply', type: 'varchar', length: '78' },
        { name: 'block_number', type: 'integer' },
      ],
    }),
  );
  await q.createTable(
    new Table({
      name: 'test_notes',
      columns: [
        { name: 'chain_id', type: 'integer', isPrimary: true },
        { name: 'block_number', type: 'integer', isPrimary: true },
        { name: 'position', type: 'integer', isPrimary: true },
        { name: 'note', type: 'varchar', length: '64' },
        { name: 'seen_at', type: 'datetime', precision: 3 },
      ],
    }),
  );
  await q.release();
  await db.getRepository(ChainCheckpointEntity).insert({ chainId: CHAIN, indexedBlock: 12, indexedHash: null, headBlock: 12, finalizedBlock: -1, updatedAt: new Date() });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it('restores keyed rows to the ancestor and removes the rows of orphaned blocks, for tables reorg.ts does not name', async () => {
  const supply = (contract: string, supply: string, blockNumber: number) => ({ block: blockNumber, row: { chainId: CHAIN, contract, supply, blockNumber } });
  const note = (blockNumber: number, text: string) => ({ chainId: CHAIN, blockNumber, position: 0, note: text, seenAt: new Date(Date.UTC(2026, 0, blockNumber)) });
  // Block 5 is below the rollback window (no undo entry); blocks 10–12 are logged, one key written at three of them.
  await write(10, async (w) => {
    await w.putByKey(SupplyEntity, [supply('0xa', '50', 5), supply('0xa', '100', 10), supply('0xa', '150', 11), supply('0xb', '7', 12), supply('0xa', '175', 12)]);
    await w.appendByBlock(NoteEntity, [note(5, 'five'), note(10, 'ten'), note(11, 'eleven'), note(12, 'twelve')]);
  });
  expect(await supplies()).toEqual({ '0xa': ['175', 12], '0xb': ['7', 12] });

  await rollbackTo(db, CHAIN, 10);
  expect(await supplies()).toEqual({ '0xa': ['100', 10] });
  expect(await notes()).toEqual(['five', 'ten']);

  // Writing again on the new branch, then rolling back below it, goes back to block 5's state.
  await write(10, async (w) => {
    await w.putByKey(SupplyEntity, [supply('0xa', '120', 11)]);
    await w.appendByBlock(NoteEntity, [note(11, 'eleven again')]);
  });
  expect(await notes()).toEqual(['five', 'ten', 'eleven again']);
  await rollbackTo(db, CHAIN, 9);
  expect(await supplies()).toEqual({ '0xa': ['50', 5] });
  expect(await notes()).toEqual(['five']);
  const restored = await db.getRepository(NoteEntity).findOneByOrFail({ chainId: CHAIN, blockNumber: 5 });
  expect(restored.seenAt.toISOString()).toBe('2026-01-05T00:00:00.000Z');
});

it('refuses a rollback below the block from which the undo log is complete', async () => {
  await db.getRepository(ChainCheckpointEntity).update({ chainId: CHAIN }, { indexedBlock: 30, undoFrom: 20 });
  await expect(rollbackTo(db, CHAIN, 15)).rejects.toBeInstanceOf(UnrecordedReorgError);
  await expect(rollbackTo(db, CHAIN, 19)).resolves.toMatchObject({ finalizedBlock: -1 });
});
