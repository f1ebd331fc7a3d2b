// Ingestion's INSERTs (write-rows.ts) store every row whatever the batch's size: on SQLite they go through statements
// of ROWS_PER_STATEMENT rows and single rows for the rest, upserts one row each (db/sqlite-rows.ts), on MySQL/MariaDB
// through multi-row statements. Counts around the statement's size, duplicates inside one statement and across two,
// a failing row that must leave nothing of its batch behind, and values at the edges of their columns stored as
// themselves or refused, never clamped or dropped (#48). On whichever dialect the tests run
// (DATABASE_URL=mysql://… for MySQL).
import { QueryFailedError } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { BalanceEntity, ROWS_PER_STATEMENT, TransferEntity, createDataSource, dialectOf, type BalanceRow, type Db, type TransferRow } from '../../../src/db';
import { insertNew, upsert } from '../../../src/ingestion/write-rows';

let database: TestDatabase;
let db: Db;
let chainId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  await db.initialize();
  await db.runMigrations();
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const CONTRACT = `0x${'c0'.repeat(20)}`;
const account = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const row = (chain: number, i: number, balance: bigint, block = 7): BalanceRow => ({
  chainId: chain,
  contract: CONTRACT,
  account: account(i),
  tokenId: '',
  balance: balance.toString(),
  blockNumber: block,
  blockHash: `0x${block.toString(16).padStart(64, '0')}`,
});
const stored = async (chain: number) =>
  (await db.getRepository(BalanceEntity).find({ where: { chainId: chain }, order: { account: 'ASC' } })).map((r) => [r.account, r.balance, r.blockNumber]);
const upsertBalances = (rows: BalanceRow[]) =>
  db.transaction((m) => upsert(m, BalanceEntity, rows, ['balance', 'block_number', 'block_hash'], ['chain_id', 'contract', 'account', 'token_id']));

describe('ingestion INSERTs', () => {
  const sizes = [1, ROWS_PER_STATEMENT - 1, ROWS_PER_STATEMENT, ROWS_PER_STATEMENT + 1, 2 * ROWS_PER_STATEMENT + 5];

  it.each(sizes)('store all of %i rows, with their values', async (n) => {
    const chain = ++chainId;
    const rows = Array.from({ length: n }, (_, i) => row(chain, i, 10n ** 30n + BigInt(i)));
    await db.transaction((m) => insertNew(m, BalanceEntity, rows));
    expect(await stored(chain)).toEqual(rows.map((r) => [r.account, r.balance, 7]));
  });

  it('ignore duplicates inside one statement and across statements', async () => {
    const chain = ++chainId;
    const first = Array.from({ length: ROWS_PER_STATEMENT + 3 }, (_, i) => row(chain, i, BigInt(i)));
    // Inside the first full statement: account 1 again; across statements: account 0 again in the remainder.
    const rows = [...first.slice(0, 5), row(chain, 1, 999n), ...first.slice(5), row(chain, 0, 998n)];
    await db.transaction((m) => insertNew(m, BalanceEntity, rows));
    expect(await stored(chain)).toEqual(first.map((r) => [r.account, r.balance, 7]));
  });

  it('upsert: a key written twice in one batch keeps its last write, in or across statements', async () => {
    const chain = ++chainId;
    await upsertBalances(Array.from({ length: 3 }, (_, i) => row(chain, i, 1n)));
    const rows = Array.from({ length: ROWS_PER_STATEMENT + 2 }, (_, i) => row(chain, i, 100n + BigInt(i), 8));
    // Account 2 again later in the first statement, account 0 again in the remainder.
    rows.splice(10, 0, row(chain, 2, 5n, 8));
    rows.push(row(chain, 0, 42n, 9));
    await upsertBalances(rows);
    const want = new Map<string, [string, string, number]>();
    for (const r of rows) want.set(r.account, [r.account, r.balance, r.blockNumber]);
    const got = await stored(chain);
    expect(got).toEqual([...want.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    const byAccount = new Map(got.map((r) => [r[0], r]));
    expect(byAccount.get(account(0))).toEqual([account(0), '42', 9]);
    expect(byAccount.get(account(2))).toEqual([account(2), '5', 8]);
  });

  it('write all of a batch or none: a row the table refuses leaves no row of its batch, and the transaction usable', async () => {
    const chain = ++chainId;
    const before = Array.from({ length: 3 }, (_, i) => row(chain, 1000 + i, 1n));
    const rows = Array.from({ length: 2 * ROWS_PER_STATEMENT + 3 }, (_, i) => row(chain, i, BigInt(i)));
    // balance is NOT NULL: the 40th row fails, after rows before it were written. (An upsert here; insertNew refuses it too, below.)
    rows[39] = { ...rows[39], balance: null as unknown as string };
    const update = ['balance', 'block_number', 'block_hash'];
    const key = ['chain_id', 'contract', 'account', 'token_id'];
    let failure: unknown;
    await db.transaction(async (m) => {
      await upsert(m, BalanceEntity, before, update, key);
      failure = await upsert(m, BalanceEntity, rows, update, key).catch((err: unknown) => err);
    });
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(await stored(chain)).toEqual(before.map((r) => [r.account, r.balance, 7]));
  });

  const transfer = (chain: number, logIndex: number, over: Partial<TransferRow> = {}): TransferRow => ({
    chainId: chain,
    blockNumber: 9,
    logIndex,
    batchIndex: 0,
    blockHash: `0x${'b1'.repeat(32)}`,
    txHash: `0x${'a1'.repeat(32)}`,
    txIndex: 0,
    contract: CONTRACT,
    contractType: 'ERC20',
    from: account(1),
    to: account(2),
    tokenId: '',
    amount: '1',
    timestamp: 1,
    ...over,
  });
  const storedTransfers = async (chain: number) =>
    (await db.getRepository(TransferEntity).find({ where: { chainId: chain }, order: { logIndex: 'ASC' } })).map((t) => [t.logIndex, t.txIndex, t.amount]);

  it('store log and transaction indexes above 2^32 as themselves, neighbours included', async () => {
    const chain = ++chainId;
    const high = 2 ** 32 - 30;
    const rows = [transfer(chain, high, { txIndex: 2 ** 32 + 7 }), transfer(chain, high + 1, { amount: '2' }), transfer(chain, 2 ** 53 - 1, { amount: '3' })];
    await db.transaction((m) => insertNew(m, TransferEntity, rows));
    expect(await storedTransfers(chain)).toEqual([
      [high, 2 ** 32 + 7, '1'],
      [high + 1, 0, '2'],
      [2 ** 53 - 1, 0, '3'],
    ]);
  });

  it('keep a stored key as it is, and refuse every other problem instead of skipping the row', async () => {
    const chain = ++chainId;
    await db.transaction((m) => insertNew(m, TransferEntity, [transfer(chain, 1)]));
    // The same key again: kept, not an error.
    await db.transaction((m) => insertNew(m, TransferEntity, [transfer(chain, 1, { amount: '99' }), transfer(chain, 2)]));
    expect(await storedTransfers(chain)).toEqual([
      [1, 0, '1'],
      [2, 0, '1'],
    ]);
    // A column that may not be NULL, and (MySQL/MariaDB: SQLite does not enforce a text column's length) a value longer
    // than its column: errors, and nothing of the batch is written.
    const tooLong = { contractType: 'ERC20-TOO-LONG' as TransferRow['contractType'] };
    for (const bad of [{ amount: null as unknown as string }, ...(dialectOf(db) === 'mysql' ? [tooLong] : [])]) {
      const failure = await db.transaction((m) => insertNew(m, TransferEntity, [transfer(chain, 3), transfer(chain, 4, bad)])).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(QueryFailedError);
    }
    expect((await storedTransfers(chain)).map((t) => t[0])).toEqual([1, 2]);
  });
});
