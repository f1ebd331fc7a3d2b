// A node that contradicts itself (#48, the reliability suite's rpc-inconsistency and data-fidelity cases): logs served
// twice, two different logs at one index, a block answered `null`, a block hash that stops existing while a request
// for it is in flight, and log indexes near 2^32 with a neighbour. Each phase on its own, through the backfill and the
// head-following paths; after each, the stored transfers and balances are exactly the node's.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { headBlock, mine, mineBlocks, mintTx, reorg, sendTx, setAutomine } from '../../helpers/chain-kit';
import { diffBalances, expectLedgerMatchesChain, staleHeaders, waitForCanonical } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { createWorkload, type Workload } from '../../helpers/workload';
import { startRewritingProxy, type RewritingProxy } from '../../helpers/rewriting-proxy';
import { TransferEntity } from '../../../src/db';

type RpcLog = { blockNumber: string; blockHash: string; logIndex: string; data: string };
type RpcReceipt = { blockHash: string; logs: RpcLog[] };

const random = seededRandom();
let anvil: Anvil;
let proxy: RewritingProxy;
let server: TestServer;
let tokens: Tokens;
let workload: Workload;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 6 }, (_, i) => devWallet(anvil, i).address), random);
  await mineBlocks(anvil, workload.blocks(30, 4));
  proxy = await startRewritingProxy(anvil.rpcUrl);
  // Every answer twice from the first call: the backfill of the blocks above meets it, then following the head.
  proxy.setRewrite(({ method }, result) => ({ result: method === 'eth_getLogs' ? twice(result as RpcLog[]) : result }));
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: proxy.url, confirmations: 4 }]) });
});

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

/** Each log twice, the second copies at the end (out of chain order) for every other answer. */
let answers = 0;
const twice = (logs: RpcLog[]) => (answers++ % 2 ? [...logs, ...logs.map((l) => ({ ...l }))] : logs.flatMap((l) => [l, { ...l }]));

const settle = async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
  expect(await staleHeaders(server.app.db, anvil, 0, head)).toEqual([]);
  return head;
};

it('applies a log served twice once, in backfill and at the head', () =>
  withSeed(random, async () => {
    await settle();
    await mineBlocks(anvil, workload.blocks(6, 3));
    await settle();
    expect(answers).toBeGreaterThan(2);
  }));

it('refuses an answer with two different logs at one index, and applies the node’s own when it answers consistently', () =>
  withSeed(random, async () => {
    let contradicted = 0;
    proxy.setRewrite(({ method }, result) => {
      const logs = result as RpcLog[];
      if (method !== 'eth_getLogs' || !logs.length || contradicted >= 3) return { result };
      contradicted++;
      // The first log again at its own index, with another amount: an answer stitched from two views of the chain.
      const forged = { ...logs[0], data: `0x${(BigInt(logs[0].data.slice(0, 66)) + 1n).toString(16).padStart(64, '0')}${logs[0].data.slice(66)}` };
      return { result: [logs[0], forged, ...logs.slice(1)] };
    });
    await mineBlocks(anvil, workload.blocks(4, 3));
    await settle();
    expect(contradicted).toBe(3);
  }));

it('reads a block again that the node answered null for', () =>
  withSeed(random, async () => {
    let nulls = 0;
    const from = (await headBlock(anvil)).number + 1;
    proxy.setRewrite(({ method, params }, result) => {
      if (method === 'eth_getBlockByNumber' && typeof params[0] === 'string' && Number(params[0]) >= from && nulls < 4) {
        nulls++;
        return { result: null };
      }
      return { result };
    });
    await mineBlocks(anvil, workload.blocks(4, 3));
    await settle();
    expect(nulls).toBe(4);
  }));

it('treats a block hash that stops existing mid-request as the reorg it is', () =>
  withSeed(random, async () => {
    const gone = new Set<string>();
    let reorged = 0;
    // Accounts the workload does not use: the reorg's transaction and the one it replaces have nonces of their own.
    const [a, b] = [devWallet(anvil, 8).address, devWallet(anvil, 9).address];
    proxy.setRewrite(async ({ method, params }, result) => {
      const hash = typeof params[0] === 'string' ? params[0] : '';
      if (method === 'eth_getBlockReceipts' && gone.has(hash)) return { error: { code: -32000, message: 'block not found' } };
      if (method === 'eth_getBlockReceipts' && hash.length === 66 && reorged === 0) {
        // The block asked for is replaced under the request (one block deep, with another transfer in it): the answer
        // the node had is of a hash that no longer exists, and every later request for it is refused.
        reorged++;
        gone.add(hash);
        await reorg(anvil, 1, [{ tx: mintTx(tokens, 'erc20', a, b, { amount: 12345n }), block: 0 }]);
        return { error: { code: -32000, message: 'block not found' } };
      }
      return { result };
    });
    // Mined at once, not waited for: the reorg drops it.
    await anvil.rpc('eth_sendTransaction', [rpcTx(mintTx(tokens, 'erc20', a, a, { amount: 5n }))]);
    const head = await settle();
    expect(reorged).toBe(1);
    // Still following: a block after the reorg is read as well.
    await sendTx(anvil, mintTx(tokens, 'erc20', b, a, { amount: 1n }));
    expect(await settle()).toBe(head + 1);
  }));

it('stores log indexes near 2^32 and their neighbour as themselves, with exact balances', () =>
  withSeed(random, async () => {
    // One block with two transfers, whose logs the node numbers from 0xffffffe2 (as some providers do for synthetic
    // logs) in every answer: logs, block receipts, transaction receipts.
    const OFFSET = 2 ** 32 - 30;
    const [a, b, c] = [devWallet(anvil, 1).address, devWallet(anvil, 2).address, devWallet(anvil, 3).address];
    await setAutomine(anvil, false);
    const target = (await headBlock(anvil)).number + 1;
    const renumber = (l: RpcLog) => (Number(l.blockNumber) === target ? { ...l, logIndex: `0x${(Number(l.logIndex) + OFFSET).toString(16)}` } : l);
    proxy.setRewrite(({ method }, result) => {
      if (method === 'eth_getLogs') return { result: (result as RpcLog[]).map(renumber) };
      if (method === 'eth_getBlockReceipts' && result) return { result: (result as RpcReceipt[]).map((r) => ({ ...r, logs: r.logs.map(renumber) })) };
      if (method === 'eth_getTransactionReceipt' && result) return { result: { ...(result as RpcReceipt), logs: (result as RpcReceipt).logs.map(renumber) } };
      return { result };
    });
    const sent = [
      anvil.rpc('eth_sendTransaction', [rpcTx(mintTx(tokens, 'erc20', a, b, { amount: 7n }))]),
      anvil.rpc('eth_sendTransaction', [rpcTx(mintTx(tokens, 'erc20', c, c, { amount: 3n }))]),
    ];
    await Promise.all(sent);
    await mine(anvil, 1);
    await setAutomine(anvil, true);
    await sendTx(anvil, mintTx(tokens, 'erc20', c, a, { amount: 1n }));
    const head = await waitForCanonical(server.app.db, anvil);
    const rows = await server.app.db.getRepository(TransferEntity).find({ where: { chainId: anvil.chainId, blockNumber: target }, order: { logIndex: 'ASC' } });
    expect(rows.map((r) => [r.logIndex, r.amount])).toEqual([
      [OFFSET, '7'],
      [OFFSET + 1, '3'],
    ]);
    expect((await diffBalances(server.app.db, anvil, tokens, head)).mismatches).toEqual([]);
  }));

/** A TxRequest as eth_sendTransaction takes it. */
const rpcTx = (tx: { from: string; to: string; data?: string }) => ({ from: tx.from, to: tx.to, data: tx.data, gas: '0x61a80' });
