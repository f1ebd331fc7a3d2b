// Internal transfers behind an RPC proxy that refuses trace methods (as hosted providers and load balancers do). One
// that refuses only debug_traceBlockByNumber: they are read through trace_block instead, the same rows. One that
// refuses both: internal transfers are reported off in `chains` and RuntimeStatus, with the reason, and everything
// else (top-level native transfers, token transfers) is complete. With CHAINS traces "on", that node is an error.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { callTx, headBlock, sendTx } from '../../helpers/chain-kit';
import { diffTransfers, waitForCanonical } from '../../helpers/ledger';
import { chainNativeTransfers, key, storedNativeTransfers } from '../../helpers/native-ledger';
import { PATIENCE_MS } from '../../helpers/patience';
import { startRewritingProxy, type RewritingProxy } from '../../helpers/rewriting-proxy';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployContract } from '../../helpers/solidity';
import type { Contract } from 'ethers';
import { ChainCheckpointEntity } from '../../../src/db';

let anvil: Anvil;
let tokens: Tokens;
let forwarder: Contract;
let A: string, B: string, C: string;
let start: number;
const proxies: RewritingProxy[] = [];
const servers: TestServer[] = [];

/** A proxy in front of anvil answering `refused` methods with "method not found", as a node without them does. */
const refusing = async (refused: string[]) => {
  const proxy = await startRewritingProxy(anvil.rpcUrl);
  proxy.setRewrite(({ method }, result) => (refused.includes(method) ? { error: { code: -32601, message: `the method ${method} does not exist/is not available` } } : { result }));
  proxies.push(proxy);
  return proxy;
};

const serverOn = async (url: string | string[], traces?: string) => {
  const chain = { chainId: anvil.chainId, ...(typeof url === 'string' ? { url } : { urls: url }), confirmations: 3, startBlock: start, ...(traces ? { traces } : {}) };
  const server = await startTestServer({ CHAINS: JSON.stringify([chain]) });
  servers.push(server);
  const headers = { 'X-Access-Key': (await server.createProject('no traces')).accessKey };
  return { server, headers };
};

const statusOf = async (server: TestServer, headers: Record<string, string>, settled: (c: any) => boolean) => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const r = await server.graphql('{ chains { indexedBlock nativeTransfers internalTransfers internalTransfersReason } }', {}, headers);
    const c = r.body.data.chains[0];
    if (settled(c)) return c;
    if (Date.now() > deadline) throw new Error(`status never settled: ${JSON.stringify(c)}`);
    await new Promise((res) => setTimeout(res, 20));
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  forwarder = await deployContract(devWallet(anvil, 0), 'ValueMovers.sol', 'Forwarder');
  start = (await headBlock(anvil)).number + 1;
  await sendTx(anvil, { from: A, to: B, value: 10n ** 18n });
  await sendTx(anvil, callTx(forwarder, 'forward', [[B, C], [5n, 6n]], A, { value: 11n, gas: 500_000n }));
  await sendTx(anvil, callTx(tokens.erc20, 'mint', [C, 1_000n], A));
  await sendTx(anvil, callTx(forwarder, 'forward', [[A], [7n]], C, { value: 7n, gas: 500_000n }));
});

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const p of proxies) await p.close();
  await anvil?.stop();
});

it('reads internal transfers through trace_block where debug_traceBlockByNumber is refused', async () => {
  const proxy = await refusing(['debug_traceBlockByNumber']);
  const { server, headers } = await serverOn(proxy.url);
  await waitForCanonical(server.app.db, anvil);
  const F = (await forwarder.getAddress()).toLowerCase();
  const internal = (await storedNativeTransfers(server.app.db, anvil.chainId)).filter((t) => t.internal).map((t) => [t.from, t.to, t.value]);
  expect(internal).toEqual([[F, B, 5n], [F, C, 6n], [F, A, 7n]]);
  expect(proxy.calls.get('trace_block')).toBeGreaterThan(0);
  expect(await statusOf(server, headers, (c) => c.internalTransfers)).toMatchObject({ internalTransfers: true, internalTransfersReason: null });
});

it('detects traces per endpoint: the preferred one refuses them, the next one serves them', async () => {
  const none = await refusing(['debug_traceBlockByNumber', 'trace_block']);
  const plain = await refusing([]);
  const { server, headers } = await serverOn([none.url, plain.url]);
  await waitForCanonical(server.app.db, anvil);
  expect((await storedNativeTransfers(server.app.db, anvil.chainId)).filter((t) => t.internal)).toHaveLength(3);
  expect(await statusOf(server, headers, (c) => c.internalTransfers)).toMatchObject({ internalTransfers: true, internalTransfersReason: null });
  // The refusing endpoint was asked only by the reads in flight when it first refused, and never again; trace_block was
  // never needed, the next endpoint serving the callTracer.
  const refused = none.calls.get('debug_traceBlockByNumber')!;
  expect(refused).toBeGreaterThan(0);
  const F = (await forwarder.getAddress()).toLowerCase();
  await sendTx(anvil, callTx(forwarder, 'forward', [[B], [3n]], C, { value: 3n, gas: 500_000n }));
  await waitForCanonical(server.app.db, anvil);
  expect((await storedNativeTransfers(server.app.db, anvil.chainId)).filter((t) => t.internal).map((t) => [t.from, t.to, t.value]).at(-1)).toEqual([F, B, 3n]);
  expect(none.calls.get('debug_traceBlockByNumber')).toBe(refused);
  expect(none.calls.get('trace_block')).toBeUndefined();
  const stored = await server.app.db.getRepository(ChainCheckpointEntity).findOneByOrFail({ chainId: anvil.chainId });
  expect(JSON.parse(stored.endpointsJson!).map((e: { traces: string }) => e.traces)).toEqual([null, 'debug_traceBlockByNumber']);
});

it('reports internal transfers off where no trace method is served, with history otherwise complete', async () => {
  const proxy = await refusing(['debug_traceBlockByNumber', 'trace_block']);
  const { server, headers } = await serverOn(proxy.url);
  const head = await waitForCanonical(server.app.db, anvil);
  const c = await statusOf(server, headers, (x) => !x.internalTransfersReason?.startsWith('not known yet'));
  expect(c).toEqual({
    indexedBlock: head,
    nativeTransfers: true,
    internalTransfers: false,
    internalTransfersReason: 'no endpoint of the chain serves debug_traceBlockByNumber or trace_block: internal transfers are left out (CHAINS traces "auto")',
  });
  const status = await server.rpc('Indexer/RuntimeStatus', {}, headers);
  expect(status.body.status.checks).toMatchObject({ nativeTransfers: true, internalTransfers: false, internalTransfersReason: c.internalTransfersReason });
  // Everything else is there: every top-level native transfer and every token transfer, none internal.
  const stored = await storedNativeTransfers(server.app.db, anvil.chainId);
  expect(stored.filter((t) => t.internal)).toEqual([]);
  expect(stored.map(key)).toEqual((await chainNativeTransfers(anvil, start, head)).map(key));
  const diff = await diffTransfers(server.app.db, anvil, tokens, head);
  expect(diff).toMatchObject({ missing: [], unexpected: [], different: [] });
  expect(diff.expected).toBeGreaterThan(0);
});

it('with CHAINS traces "on", a node without trace methods stops ingestion and says why', async () => {
  const proxy = await refusing(['debug_traceBlockByNumber', 'trace_block']);
  const { server, headers } = await serverOn(proxy.url, 'on');
  const c = await statusOf(server, headers, (x) => !x.internalTransfersReason?.startsWith('not known yet'));
  expect(c.internalTransfers).toBe(false);
  expect(c.internalTransfersReason).toBe('no endpoint of the chain serves debug_traceBlockByNumber or trace_block: ingestion waits for one (CHAINS traces "on")');
  // Nothing with transactions was committed: no block is indexed without its internal transfers.
  expect(c.indexedBlock === null || c.indexedBlock < start).toBe(true);
});
