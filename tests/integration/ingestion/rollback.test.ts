// rollbackTo on its own: the checkpoint moves back to the common ancestor, and finality never stays on a removed block.
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { BlockEntity, ChainCheckpointEntity, createDataSource, migrateDatabase, type Db } from '../../../src/db';
import { createChainWriter } from '../../../src/ingestion/chain-writer';
import { rollbackTo } from '../../../src/ingestion/reorg';

const CHAIN = 777;
let database: TestDatabase;
let db: Db;

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** Blocks 0..10 stored and indexed, with finality at `finalizedBlock`. */
const seed = async (finalizedBlock: number) => {
  await db.getRepository(BlockEntity).delete({ chainId: CHAIN });
  await db.getRepository(ChainCheckpointEntity).delete({ chainId: CHAIN });
  // Through the chain writer, as ingestion writes them: the rollback undoes what its log recorded.
  const blocks = Array.from({ length: 11 }, (_, n) => ({ chainId: CHAIN, number: n, hash: hash(n), parentHash: hash(n - 1 < 0 ? 0 : n - 1), timestamp: n }));
  await db.transaction((m) => createChainWriter(m, CHAIN, 0).appendByBlock(BlockEntity, blocks, { block: 'number' }));
  await db
    .getRepository(ChainCheckpointEntity)
    .insert({ chainId: CHAIN, indexedBlock: 10, indexedHash: hash(10), headBlock: 12, finalizedBlock, updatedAt: new Date() });
};

const checkpoint = () => db.getRepository(ChainCheckpointEntity).findOneByOrFail({ chainId: CHAIN });

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  await db.initialize();
  await migrateDatabase(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it('lowers a finalized block that the rollback removed to the ancestor', async () => {
  await seed(8);
  await rollbackTo(db, CHAIN, 6);
  expect(await checkpoint()).toMatchObject({ indexedBlock: 6, indexedHash: hash(6), finalizedBlock: 6, headBlock: 12 });
  expect(await db.getRepository(BlockEntity).countBy({ chainId: CHAIN })).toBe(7);
});

it('leaves a finalized block below the ancestor as it was', async () => {
  await seed(3);
  await rollbackTo(db, CHAIN, 6);
  expect(await checkpoint()).toMatchObject({ indexedBlock: 6, finalizedBlock: 3 });
});
