// Backfill ranges read from a real node: in order, every transfer once, and ranges that arrived while the consumer
// was busy writing joined to the next batch (one commit for several), never past the cap; a followed range cut to its
// row budget.
import { startAnvil, devWallet, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { batchTransferTx, mineBlocks, mintTx } from '../../helpers/chain-kit';
import { createChainClient, type ChainClient } from '../../../src/chain/client';
import { backfillBatches, createRangeSizer, mergeBatches, transferRows } from '../../../src/ingestion/backfill';
import { fetchRange } from '../../../src/ingestion/fetch-range';
import type { Batch } from '../../../src/ingestion/types';

let anvil: Anvil;
let tokens: Tokens;
let client: ChainClient;
let first: number;
let last: number;
const PER_BLOCK = 3;
const BLOCKS = 60;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  const owner = devWallet(anvil, 0).address;
  const to = devWallet(anvil, 1).address;
  ({ first, last } = await mineBlocks(
    anvil,
    Array.from({ length: BLOCKS }, () => Array.from({ length: PER_BLOCK }, () => mintTx(tokens, 'erc20', owner, to, { amount: 1n }))),
    { requireSuccess: true },
  ));
  client = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl });
});

afterAll(async () => {
  await client?.close();
  await anvil?.stop();
});

const collect = async (consume: (b: Batch) => Promise<void>, mergeMax?: number) => {
  const batches: Batch[] = [];
  // Two blocks (six transfers) per range: 30 ranges over the mined stretch.
  for await (const b of backfillBatches(client, first, last, createRangeSizer(1_000, { initial: 2, targetRows: 2 * PER_BLOCK }), { mergeMax })) {
    batches.push(b);
    await consume(b);
  }
  return batches;
};

const expectCovering = (batches: Batch[]) => {
  expect(batches[0].fromBlock).toBe(first);
  expect(batches[batches.length - 1].toBlock).toBe(last);
  for (let i = 1; i < batches.length; i++) expect(batches[i].fromBlock).toBe(batches[i - 1].toBlock + 1);
  const positions = batches.flatMap((b) => b.transfers.map((t) => `${t.blockNumber}:${t.logIndex}`));
  expect(positions).toHaveLength(BLOCKS * PER_BLOCK);
  expect(new Set(positions).size).toBe(positions.length);
  for (const b of batches) for (const t of b.transfers) expect(t.blockNumber >= b.fromBlock && t.blockNumber <= b.toBlock).toBe(true);
};

test('a consumer that keeps up gets every transfer once, in order', async () => {
  expectCovering(await collect(async () => undefined));
});

test('a slow consumer gets the ranges that arrived meanwhile in one batch', async () => {
  // 100 ms per batch: the node answers the three ranges in flight behind it long before.
  const batches = await collect(() => new Promise((r) => setTimeout(r, 100)));
  expectCovering(batches);
  expect(batches.length).toBeLessThan(20);
  expect(Math.max(...batches.map((b) => b.transfers.length))).toBeGreaterThan(2 * 2 * PER_BLOCK);
  expect(batches[batches.length - 1].toHash).toBe((await client.eth_getBlockByNumber(last, false))!.hash);
});

test('merged batches stay within the cap', async () => {
  const batches = await collect(() => new Promise((r) => setTimeout(r, 100)), 4 * PER_BLOCK);
  expectCovering(batches);
  expect(Math.max(...batches.map((b) => b.transfers.length))).toBe(4 * PER_BLOCK);
});

test('ranges and merged batches are sized by token ids, not logs: an ERC-1155 batch of 20 ids weighs 20', async () => {
  const owner = devWallet(anvil, 0).address;
  const to = devWallet(anvil, 2).address;
  const ids = Array.from({ length: 20 }, (_, i) => BigInt(1_000 + i));
  const minted = ids.map((tokenId) => mintTx(tokens, 'erc1155', owner, owner, { tokenId, amount: 100n }));
  // Then 30 blocks of one TransferBatch log each: 20 rows per block.
  const moves = Array.from({ length: 30 }, () => [batchTransferTx(tokens, owner, to, ids, ids.map(() => 1n))]);
  const mined = await mineBlocks(anvil, [minted, ...moves], { gas: 2_000_000n, requireSuccess: true });
  const batches: Batch[] = [];
  // 40 rows per range and per merged batch: two blocks, where counted in logs they would be 40 blocks.
  const sizer = createRangeSizer(1_000, { initial: 2, targetRows: 40 });
  for await (const b of backfillBatches(client, mined.first + 1, mined.last, sizer, { mergeMax: 40 })) {
    batches.push(b);
    await new Promise((r) => setTimeout(r, 50)); // slow enough that ranges arrive behind each batch and could merge
  }
  expect(batches.flatMap((b) => b.transfers)).toHaveLength(30);
  expect(transferRows(batches.flatMap((b) => b.transfers))).toBe(600);
  expect(Math.max(...batches.map((b) => transferRows(b.transfers)))).toBeLessThanOrEqual(40);
  expect(Math.max(...batches.map((b) => b.toBlock - b.fromBlock + 1))).toBeLessThanOrEqual(2);
  expect(sizer.size).toBe(2);
});

test('merging refuses batches that are not consecutive', () => {
  const batch = (fromBlock: number, toBlock: number, transfers: number): Batch => ({
    chainId: 1,
    fromBlock,
    toBlock,
    toHash: `0x${toBlock}`,
    blocks: [],
    transfers: Array.from({ length: transfers }, () => ({}) as Batch['transfers'][number]),
    transactions: [],
    live: false,
    skipped: new Map([['topics', 1]]),
  });
  const merged = mergeBatches([batch(1, 5, 3), batch(6, 9, 4)]);
  expect(merged).toMatchObject({ fromBlock: 1, toBlock: 9, toHash: '0x9', live: false });
  expect(merged.transfers).toHaveLength(7);
  expect(merged.skipped.get('topics')).toBe(2);
  expect(() => mergeBatches([batch(1, 5, 1), batch(7, 9, 1)])).toThrow(/not consecutive/);
});

test('a range read with a row budget ends at the last block that fits, its first block whatever it holds', async () => {
  const live = { allHeaders: true, receipts: true, live: true };
  // Three rows per block: 10 rows fit three blocks, the fourth would make 12.
  const cut = await fetchRange(client, first, last, { ...live, maxRows: 10 });
  expect(cut.toBlock).toBe(first + 2);
  expect(cut.transfers).toHaveLength(9);
  expect(cut.blocks.map((b) => b.number)).toEqual([first, first + 1, first + 2]);
  expect(cut.toHash).toBe((await client.eth_getBlockByNumber(first + 2, false))!.hash);
  expect(new Set(cut.transactions.map((t) => t.blockNumber))).toEqual(new Set([first, first + 1, first + 2]));
  // A first block over the budget is read whole.
  const one = await fetchRange(client, first, last, { ...live, maxRows: 2 });
  expect([one.toBlock, one.transfers.length]).toEqual([first, 3]);
  // Within the budget: the range as asked.
  const whole = await fetchRange(client, first, last, { ...live, maxRows: BLOCKS * PER_BLOCK });
  expect([whole.toBlock, whole.transfers.length]).toEqual([last, BLOCKS * PER_BLOCK]);
});
