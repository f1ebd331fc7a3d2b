// What native transfers cost the node, and what they need of it: with them on, every block body is read and receipts
// only of blocks with value transactions; with them off (CHAINS `nativeTransfers: false`) no body, no receipt and no
// native row; a node without eth_getBlockReceipts answers through each value transaction's receipt, and the stored
// transfers are the chain's all the same. Three servers over one anvil, each behind its own proxy that counts calls.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { headBlock, mine, mineBlocks, type TxRequest } from '../../helpers/chain-kit';
import { waitForCanonical } from '../../helpers/ledger';
import { chainNativeTransfers, key, storedNativeTransfers } from '../../helpers/native-ledger';
import { startRewritingProxy, type RewritingProxy } from '../../helpers/rewriting-proxy';
import { startTestServer, type TestServer } from '../../helpers/server';

let anvil: Anvil;
let start: number;
let head: number;
const proxies: RewritingProxy[] = [];
const servers: TestServer[] = [];
/** Full-body eth_getBlockByNumber calls per proxy. */
const bodies = new Map<RewritingProxy, Set<string>>();

const serve = async (chain: Record<string, unknown>, refuseBlockReceipts = false) => {
  const proxy = await startRewritingProxy(anvil.rpcUrl);
  const read = new Set<string>();
  bodies.set(proxy, read);
  proxy.setRewrite((call, result) => {
    if (call.method === 'eth_getBlockByNumber' && call.params[1] === true) read.add(String(call.params[0]));
    if (refuseBlockReceipts && call.method === 'eth_getBlockReceipts') return { error: { code: -32601, message: 'the method eth_getBlockReceipts does not exist/is not available' } };
    return { result };
  });
  proxies.push(proxy);
  const server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: proxy.url, confirmations: 2, startBlock: start, ...chain }]) });
  servers.push(server);
  await waitForCanonical(server.app.db, anvil);
  return { proxy, server };
};

/** What the server says of native transfers on the chain: GraphQL `chains`, and the RPC's RuntimeStatus. */
const reported = async (server: TestServer) => {
  const headers = { 'X-Access-Key': (await server.createProject()).accessKey };
  const chains = await server.graphql('{ chains { chainId nativeTransfers } }', {}, headers);
  const status = await server.rpc('Indexer/RuntimeStatus', {}, headers);
  return { chains: chains.body.data.chains, runtime: status.body.status.checks.nativeTransfers };
};

beforeAll(async () => {
  anvil = await startAnvil();
  const [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  start = (await headBlock(anvil)).number + 1;
  // Blocks with one or two sends, and empty stretches between them.
  const blocks: TxRequest[][] = [];
  for (let i = 0; i < 12; i++) blocks.push(i % 3 === 2 ? [] : [{ from: A, to: B, value: BigInt(i + 1) * 10n ** 15n }, ...(i % 2 ? [{ from: B, to: C, value: 3n }] : [])]);
  await mineBlocks(anvil, blocks, { gas: 21_000n, requireSuccess: true });
  await mine(anvil, 10);
  head = (await headBlock(anvil)).number;
});

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const p of proxies) await p.close();
  await anvil?.stop();
});

it('on: every block body is read, receipts only where value moved, and every transfer stored', async () => {
  const { proxy, server } = await serve({});
  const onChain = await chainNativeTransfers(anvil, start, head);
  expect(onChain).toHaveLength(12);
  expect((await storedNativeTransfers(server.app.db, anvil.chainId)).map(key)).toEqual(onChain.map(key));
  expect(bodies.get(proxy)!.size).toBeGreaterThanOrEqual(head - start + 1);
  expect(proxy.calls.get('eth_getBlockReceipts') ?? 0).toBeLessThanOrEqual(new Set(onChain.map((t) => t.blockNumber)).size * 2);
  expect(proxy.calls.get('eth_getBlockReceipts') ?? 0).toBeGreaterThanOrEqual(new Set(onChain.map((t) => t.blockNumber)).size);
  expect(await reported(server)).toEqual({ chains: [{ chainId: anvil.chainId, nativeTransfers: true }], runtime: true });
});

it('off: no block body, no receipt, no native row', async () => {
  const { proxy, server } = await serve({ nativeTransfers: false });
  expect(await storedNativeTransfers(server.app.db, anvil.chainId)).toEqual([]);
  expect(bodies.get(proxy)!.size).toBe(0);
  expect(proxy.calls.get('eth_getBlockReceipts') ?? 0).toBe(0);
  expect(proxy.calls.get('eth_getTransactionReceipt') ?? 0).toBe(0);
  // Said, never a silent gap: a wallet app can tell its users native coin is not in this chain's history.
  expect(await reported(server)).toEqual({ chains: [{ chainId: anvil.chainId, nativeTransfers: false }], runtime: false });
});

it('a node without eth_getBlockReceipts: each value transaction’s receipt instead, the same transfers', async () => {
  const { proxy, server } = await serve({}, true);
  const onChain = await chainNativeTransfers(anvil, start, head);
  expect((await storedNativeTransfers(server.app.db, anvil.chainId)).map(key)).toEqual(onChain.map(key));
  expect(proxy.calls.get('eth_getTransactionReceipt') ?? 0).toBeGreaterThanOrEqual(onChain.length);
});
