// Pruning a contract deletes its chain rows for good: a rollback afterwards brings none back, whatever the table's key,
// and still undoes the rows of other contracts and of tables that were not pruned. On both dialects.
import { EntitySchema, Table } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { AllowanceEntity, ApprovalEventEntity, BalanceEntity, ChainCheckpointEntity, ChainUndoEntity, WatchedContractEntity, createDataSource, entities, migrateDatabase, type Db } from '../../../src/db';
import { createChainWriter, deleteForGood } from '../../../src/ingestion/chain-writer';
import { pruneContract } from '../../../src/ingestion/prune';
import { rollbackTo } from '../../../src/ingestion/reorg';

const CHAIN = 779;
const A = `0x${'a1'.repeat(20)}`;
const B = `0x${'b2'.repeat(20)}`;
const HOLDER = `0x${'c3'.repeat(20)}`;
const HASH = `0x${'00'.repeat(32)}`;

/** A keyed table whose key does not hold the contract, as a future table might be keyed. */
type HoldingRow = { chainId: number; holdingId: number; contract: string; amount: string };
const HoldingEntity = new EntitySchema<HoldingRow>({
  name: 'TestHolding',
  tableName: 'test_holdings',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    holdingId: { type: 'integer', primary: true, name: 'holding_id' },
    contract: { type: 'varchar', length: 42 },
    amount: { type: 'varchar', length: 78 },
  },
});

let database: TestDatabase;
let db: Db;

const write = (fn: (w: ReturnType<typeof createChainWriter>) => Promise<void>) => db.transaction((m) => fn(createChainWriter(m, CHAIN, 10)));
const balance = (contract: string, value: string, block: number) => ({
  block,
  row: { chainId: CHAIN, contract, account: HOLDER, tokenId: '', balance: value, blockNumber: block, blockHash: HASH },
});
const balances = async () =>
  Object.fromEntries((await db.getRepository(BalanceEntity).find({ where: { chainId: CHAIN } })).map((r) => [r.contract, [r.balance, r.blockNumber]]));
const holdings = async () =>
  Object.fromEntries((await db.getRepository(HoldingEntity).find({ where: { chainId: CHAIN } })).map((r) => [r.holdingId, [r.contract, r.amount]]));

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  db.setOptions({ entities: [...entities, HoldingEntity] });
  await db.initialize();
  await migrateDatabase(db);
  const q = db.createQueryRunner();
  await q.createTable(
    new Table({
      name: 'test_holdings',
      columns: [
        { name: 'chain_id', type: 'integer', isPrimary: true },
        { name: 'holding_id', type: 'integer', isPrimary: true },
        { name: 'contract', type: 'varchar', length: '42' },
        { name: 'amount', type: 'varchar', length: '78' },
      ],
    }),
  );
  await q.release();
  await db.getRepository(ChainCheckpointEntity).insert({ chainId: CHAIN, indexedBlock: 11, indexedHash: null, headBlock: 11, finalizedBlock: -1, updatedAt: new Date() });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it('prunes a removed contract: its rows and their undo entries go, a rollback restores only the other contract', async () => {
  // Block 5 is below the undo window; blocks 10 and 11 are logged.
  await write((w) => w.putByKey(BalanceEntity, [balance(A, '5', 5), balance(B, '50', 5), balance(A, '10', 10), balance(B, '100', 10), balance(A, '11', 11), balance(B, '110', 11)]));
  const now = new Date();
  await db.getRepository(WatchedContractEntity).insert({
    chainId: CHAIN, address: A, origin: 'operator', wanted: 'removed', state: 'removed', startBlock: 0, backfilledTo: 11, blocksPerSecond: null, error: null, addedAt: now, updatedAt: now,
  });
  const entriesOf = async () => (await db.getRepository(ChainUndoEntity).find({ where: { chainId: CHAIN, entity: 'Balance' } })).length;
  expect(await entriesOf()).toBe(4);

  await expect(pruneContract(db, CHAIN, A)).resolves.toEqual({ transfers: 0, balances: 1 });
  expect(await balances()).toEqual({ [B]: ['110', 11] });
  expect(await entriesOf()).toBe(2);
  expect(await db.getRepository(WatchedContractEntity).countBy({ chainId: CHAIN })).toBe(0);

  await rollbackTo(db, CHAIN, 9);
  expect(await balances()).toEqual({ [B]: ['50', 5] });
});

it('forgets the undo entries of a table keyed without the contract by their before-images, and keeps those of other tables', async () => {
  await db.getRepository(ChainCheckpointEntity).update({ chainId: CHAIN }, { indexedBlock: 21 });
  const holding = (holdingId: number, contract: string, amount: string, block: number) => ({ block, row: { chainId: CHAIN, holdingId, contract, amount } });
  await write(async (w) => {
    await w.putByKey(HoldingEntity, [holding(1, A, '1', 5), holding(2, B, '2', 5), holding(1, A, '10', 20), holding(2, B, '20', 20), holding(1, A, '11', 21)]);
    await w.putByKey(BalanceEntity, [balance(A, '7', 5), balance(A, '20', 20)]);
  });
  expect(await holdings()).toEqual({ 1: [A, '11'], 2: [B, '20'] });

  await db.transaction((m) => deleteForGood(m, CHAIN, [HoldingEntity], { contract: A }));
  expect(await holdings()).toEqual({ 2: [B, '20'] });

  await rollbackTo(db, CHAIN, 9);
  // Holding 1 stays gone; holding 2 and A's balance (a table not pruned) are as they stood at block 5.
  expect(await holdings()).toEqual({ 2: [B, '2'] });
  expect(await balances()).toEqual({ [A]: ['7', 5], [B]: ['50', 5] });
});

it('prunes a removed contract’s allowances and approval events too, and a rollback brings none back', async () => {
  await db.getRepository(ChainCheckpointEntity).update({ chainId: CHAIN }, { indexedBlock: 31 });
  const allowance = (contract: string, amount: string, block: number) => ({
    block,
    row: { chainId: CHAIN, contract, owner: HOLDER, spender: B, amount, changeBlock: block, spendBlock: null },
  });
  const event = (contract: string, blockNumber: number) => ({
    chainId: CHAIN, blockNumber, logIndex: contract === A ? 0 : 1, blockHash: HASH, txHash: HASH, contract, kind: 'ERC20' as const, owner: HOLDER, spender: B, value: '1', timestamp: 0,
  });
  await write(async (w) => {
    await w.putByKey(AllowanceEntity, [allowance(A, '1', 5), allowance(B, '2', 5), allowance(A, '30', 30), allowance(B, '31', 31)]);
    await w.appendByBlock(ApprovalEventEntity, [event(A, 30), event(B, 31)]);
  });
  const now = new Date();
  await db.getRepository(WatchedContractEntity).insert({
    chainId: CHAIN, address: A, origin: 'operator', wanted: 'removed', state: 'removed', startBlock: 0, backfilledTo: 31, blocksPerSecond: null, error: null, addedAt: now, updatedAt: now,
  });
  await pruneContract(db, CHAIN, A);
  const allowances = async () => Object.fromEntries((await db.getRepository(AllowanceEntity).findBy({ chainId: CHAIN })).map((r) => [r.contract, r.amount]));
  expect(await allowances()).toEqual({ [B]: '31' });
  expect((await db.getRepository(ApprovalEventEntity).findBy({ chainId: CHAIN })).map((e) => e.contract)).toEqual([B]);

  await rollbackTo(db, CHAIN, 9);
  expect(await allowances()).toEqual({ [B]: '2' });
  expect(await db.getRepository(ApprovalEventEntity).countBy({ chainId: CHAIN })).toBe(0);
});
