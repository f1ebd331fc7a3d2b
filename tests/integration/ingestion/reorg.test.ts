// Reorgs of depth 1, 5 and the deepest the finality setting allows (confirmations N: N blocks), met while
// following the head: stored state becomes the new branch exactly, and dropped transactions' receipts come out
// `reorged` (table and SubscribeReceipts stream), never `final`. So does a shallow reorg the ingester meets only once
// the new branch is past the confirmation depth. One block deeper than N stops the chain without touching its data.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import {
  batchTransferTx,
  burnTx,
  callTx,
  mine,
  mintTx,
  rawTransaction,
  reorg,
  revert,
  sendRawTx,
  sendTx,
  snapshot,
  transferTx,
  type RpcReceipt,
  type TxRequest,
} from '../../helpers/chain-kit';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { expectLedgerMatchesChain, staleHeaders, waitForCanonical } from '../../helpers/ledger';
import { seededRandom } from '../../helpers/random';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { ChainCheckpointEntity, ChainTransactionEntity, TransferEntity } from '../../../src/db';
import { PATIENCE_MS } from '../../helpers/patience';

/** Confirmations: a reorg of up to N blocks is undone; N + 1 is deeper than the unfinalized window. */
const N = 8;
/** Depth of the reorg that the ingester only meets once the new branch has grown past the confirmations. */
const BURIED = 3;

let anvil: Anvil;
/** Healthy pass-through: its pause makes the ingester's next look at the node land after a whole reorg. */
let node: FaultyProxy;
let server: TestServer;
let tokens: Tokens;
let A: string, B: string, C: string, D: string, E: string, R: string;
let stream: NdjsonReader;
let streaming = true;
/** Every receipt the SubscribeReceipts stream delivered, in order. */
const receipts: Array<{ txnHash: string; blockHash: string; final: boolean; reorged: boolean }> = [];
let nextNft = 100n;
/** Transactions dropped by the reorgs that ingestion must undo (depth 1, 5 and N). */
const droppedInWindow: RpcReceipt[] = [];

/** `count` blocks of one token movement each, cycling through the three standards, mints and burns. */
const oldBranchTxs = (count: number): TxRequest[] =>
  Array.from({ length: count }, (_, i) => {
    switch (i % 5) {
      case 0: return transferTx(tokens, 'erc20', A, C, { amount: 1_000n + BigInt(i) });
      case 1: return transferTx(tokens, 'erc721', A, C, { tokenId: BigInt(i) });
      case 2: return transferTx(tokens, 'erc1155', B, D, { tokenId: 2n, amount: 5n });
      case 3: return burnTx(tokens, 'erc20', B, B, { amount: 7n });
      default: return mintTx(tokens, 'erc721', A, E, { tokenId: nextNft++ });
    }
  });

/** Different content for the competing branch. */
const newBranchTxs = (count: number): TxRequest[] =>
  Array.from({ length: count }, (_, i) => {
    switch (i % 4) {
      case 0: return transferTx(tokens, 'erc20', A, D, { amount: 50n + BigInt(i) });
      case 1: return batchTransferTx(tokens, A, E, [1n, 3n], [2n, 1n]);
      case 2: return burnTx(tokens, 'erc721', A, A, { tokenId: 30n + BigInt(i) });
      default: return callTx(tokens.erc1155, 'mintBatch', [C, [7n, 8n], [70n, 80n]], B);
    }
  });

const sendAll = async (txs: TxRequest[]) => {
  const out: RpcReceipt[] = [];
  for (const tx of txs) out.push(await sendTx(anvil, tx));
  return out;
};

const storedTx = (txHash: string, blockHash: string) =>
  server.app.db.getRepository(ChainTransactionEntity).findOneBy({ chainId: anvil.chainId, txHash: txHash.toLowerCase(), blockHash: blockHash.toLowerCase() });

/**
 * Builds the branch that will be dropped, and checks ingestion took it in live (receipts stored, not reorged).
 * A few blocks at a time: blocks that are already N deep when the ingester looks are backfilled as final instead.
 */
const ingestOldBranch = async (txs: TxRequest[]) => {
  const dropped: RpcReceipt[] = [];
  for (let i = 0; i < txs.length; i += 3) {
    dropped.push(...(await sendAll(txs.slice(i, i + 3))));
    await waitForCanonical(server.app.db, anvil);
  }
  for (const r of dropped) expect(await storedTx(r.transactionHash, r.blockHash)).toMatchObject({ reorged: false });
  return dropped;
};

/**
 * Runs `change` on the node while the ingester is held at the start of a step (its eth_blockNumber; nothing else of
 * the step is in flight then): it sees the node only as `change` left it, whatever the timing.
 */
const unseen = async (change: () => Promise<unknown>) => {
  node.pause(['eth_blockNumber']);
  try {
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && !node.held().includes('eth_blockNumber'); ) await new Promise((r) => setTimeout(r, 25));
    expect(node.held()).toContain('eth_blockNumber');
    await change();
  } finally {
    node.resume();
  }
};

const waitForReceipt = async (pred: (r: (typeof receipts)[number]) => boolean, what: string) => {
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
    if (receipts.some(pred)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`SubscribeReceipts never delivered ${what}`);
};

/** Stored state is the node's branch; every dropped transaction is gone from transfers and marked reorged. */
const expectNewBranch = async (dropped: RpcReceipt[], reincluded: RpcReceipt[] = []) => {
  droppedInWindow.push(...dropped);
  const head = await waitForCanonical(server.app.db, anvil);
  await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
  expect(await staleHeaders(server.app.db, anvil, 0, head)).toEqual([]);
  const again = new Map(reincluded.map((r) => [r.transactionHash, r]));
  for (const d of dropped) {
    const hash = d.transactionHash.toLowerCase();
    expect(await storedTx(hash, d.blockHash)).toMatchObject({ reorged: true });
    await waitForReceipt((m) => m.txnHash === hash && m.blockHash === d.blockHash.toLowerCase() && m.reorged, `reorged ${hash}`);
    const rows = await server.app.db.getRepository(TransferEntity).findBy({ chainId: anvil.chainId, txHash: hash });
    const now = again.get(d.transactionHash);
    if (!now) {
      expect(rows).toEqual([]);
      continue;
    }
    // Mined again on the new branch under the same hash: a second, live receipt in the new block.
    expect(rows.map((r) => r.blockHash)).toEqual(rows.map(() => now.blockHash.toLowerCase()));
    expect(rows.length).toBeGreaterThan(0);
    expect(await storedTx(hash, now.blockHash)).toMatchObject({ reorged: false });
    await waitForReceipt((m) => m.txnHash === hash && m.blockHash === now.blockHash.toLowerCase() && !m.reorged, `the new receipt of ${hash}`);
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C, D, E, R] = [0, 1, 2, 3, 4, 5].map((i) => devWallet(anvil, i).address);
  tokens = await deployTokens(anvil);
  await sendAll([
    mintTx(tokens, 'erc20', A, A, { amount: 10n ** 21n }),
    mintTx(tokens, 'erc20', A, B, { amount: 10n ** 21n }),
    mintTx(tokens, 'erc20', A, R, { amount: 1_000n }),
    callTx(tokens.erc1155, 'mintBatch', [A, [1n, 2n, 3n], [100n, 200n, 300n]], A),
    callTx(tokens.erc1155, 'mintBatch', [B, [1n, 2n, 3n], [100n, 200n, 300n]], A),
  ]);
  for (let id = 0n; id < 60n; id += 20n) await sendAll(Array.from({ length: 20 }, (_, i) => mintTx(tokens, 'erc721', A, A, { tokenId: id + BigInt(i) })));
  await mine(anvil, N);
  node = await startFaultyProxy(anvil.rpcUrl, seededRandom(1));
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: node.url, confirmations: N }]) });
  const { accessKey } = await server.createProject();
  stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeReceipts`, { filter: {} }, { 'X-Access-Key': accessKey });
  expect(stream.status).toBe(200);
  void (async () => {
    while (streaming) receipts.push(...(await stream.next(200).then((m) => [m.receipt], () => [])));
  })();
  await waitForCanonical(server.app.db, anvil);
});

afterAll(async () => {
  streaming = false;
  stream?.close();
  await server?.stop();
  await node?.close();
  await anvil?.stop();
});

it('undoes a 1-block reorg (anvil_reorg) and follows the replacement block', async () => {
  const dropped = await ingestOldBranch(oldBranchTxs(1));
  await reorg(anvil, 1, [{ tx: newBranchTxs(1)[0], block: 0 }]);
  await mine(anvil, 1);
  await expectNewBranch(dropped);
});

it('undoes a 5-block reorg (snapshot/revert, longer branch) where one dropped transaction is mined again', async () => {
  const base = await snapshot(anvil);
  const dropped = await ingestOldBranch([transferTx(tokens, 'erc20', R, B, { amount: 11n }), ...oldBranchTxs(4)]);
  const raw = await rawTransaction(anvil, dropped[0].transactionHash);
  await revert(anvil, base);
  const again = await sendRawTx(anvil, raw);
  expect(again.transactionHash).toBe(dropped[0].transactionHash);
  expect(again.blockHash).not.toBe(dropped[0].blockHash);
  await sendAll(newBranchTxs(6));
  await expectNewBranch(dropped, [again]);
});

it(`undoes the deepest reorg the finality setting allows (${N} blocks with confirmations ${N})`, async () => {
  const dropped = await ingestOldBranch(oldBranchTxs(N));
  const fresh = newBranchTxs(3);
  // As a poll of a real node meets it: the new branch has already grown past the old one.
  await unseen(async () => {
    await reorg(anvil, N, [
      { tx: fresh[0], block: 0 },
      { tx: fresh[1], block: Math.floor(N / 2) },
      { tx: fresh[2], block: N - 1 },
    ]);
    await mine(anvil, 1);
  });
  await expectNewBranch(dropped);
});

it(`undoes a ${BURIED}-block reorg that happened unseen and was then buried deeper than the confirmations`, async () => {
  const dropped = await ingestOldBranch(oldBranchTxs(BURIED));
  // As after an outage or a restart: the stored tip was replaced, then the chain grew past the confirmation depth,
  // so the next round backfills. It must check the tip it builds on first, and finality must not cover the old one.
  await unseen(async () => {
    await reorg(anvil, BURIED, [{ tx: newBranchTxs(1)[0], block: 1 }]);
    await mine(anvil, N + 2);
  });
  await expectNewBranch(dropped);
});

it(`stops the chain on a reorg of ${N + 1} blocks, leaving its data as it was`, async () => {
  await ingestOldBranch(oldBranchTxs(N + 1));
  const cps = server.app.db.getRepository(ChainCheckpointEntity);
  const before = await cps.findOneByOrFail({ chainId: anvil.chainId });
  const transfers = await server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId });
  await unseen(async () => {
    await reorg(anvil, N + 1);
    await mine(anvil, 1);
  });
  // The ingester records the head it saw, then meets the reorg in the same step.
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && (await cps.findOneByOrFail({ chainId: anvil.chainId })).headBlock !== before.indexedBlock + 1; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));
  await mine(anvil, 1);
  await new Promise((r) => setTimeout(r, 1_000));
  const after = await cps.findOneByOrFail({ chainId: anvil.chainId });
  // Stopped: no later head recorded, checkpoint and rows untouched; the step that met the reorg made nothing final.
  expect({ head: after.headBlock, block: after.indexedBlock, hash: after.indexedHash, finalized: after.finalizedBlock }).toEqual({
    head: before.indexedBlock + 1,
    block: before.indexedBlock,
    hash: before.indexedHash,
    finalized: before.indexedBlock - N,
  });
  expect(await server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId })).toBe(transfers);
});

// Finality moves only once a round has checked the node's head against the stored branch: a new branch that is
// already longer than the old one must not make the oldest orphaned block look final before the rollback.
it('never announced a receipt of a transaction dropped by an undone reorg as final', () => {
  const dropped = new Set(droppedInWindow.map((r) => `${r.transactionHash.toLowerCase()}@${r.blockHash.toLowerCase()}`));
  expect(dropped.size).toBe(1 + 5 + N + BURIED);
  expect(receipts.filter((m) => m.final && dropped.has(`${m.txnHash}@${m.blockHash}`))).toEqual([]);
});
