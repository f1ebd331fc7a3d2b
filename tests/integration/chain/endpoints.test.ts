// One chain client over several real endpoints (anvil behind proxies): an endpoint that fails is benched and the
// request goes to the next, a lagging one is left aside, one on another chain is never used, and each endpoint's
// eth_getLogs range and request rate are respected.
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { seededRandom } from '../../helpers/random';
import { createChainClient, type ChainClient } from '../../../src/chain/client';
import type { EndpointOptions } from '../../../src/chain/endpoint-pool';
import { LogRangeTooLargeError } from '../../../src/chain/errors';
import { PATIENCE_MS } from '../../helpers/patience';

const random = seededRandom();
let anvil: Anvil;
let primary: FaultyProxy;
let backup: FaultyProxy;
const clients: ChainClient[] = [];

const endpoint = (url: string, limits: Partial<EndpointOptions> = {}): EndpointOptions => ({
  url,
  maxConcurrency: 4,
  maxRequestsPerSecond: null,
  maxBlockRange: null,
  ...limits,
});
const connect = async (endpoints: EndpointOptions[], extra: { maxLagBlocks?: number; endpointProbeMs?: number } = {}) => {
  const client = await createChainClient({ chainId: anvil.chainId, endpoints, retries: 6, retryMinDelayMs: 20, endpointBackoffMs: 300, ...extra });
  clients.push(client);
  return client;
};
const calls = (p: FaultyProxy) => p.stats.ok + p.stats.delay + p.stats.badGateway + p.stats.resetBefore + p.stats.resetAfter + p.stats.rateLimit;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  anvil = await startAnvil();
  await anvil.rpc('anvil_mine', ['0x20']);
  primary = await startFaultyProxy(anvil.rpcUrl, random);
  backup = await startFaultyProxy(anvil.rpcUrl, random);
});

afterAll(async () => {
  await primary?.close();
  await backup?.close();
  await anvil?.stop();
});

// Each test's clients go with it: their head probes must not reach the next test's proxies.
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  primary.setPlan({});
  backup.setPlan({});
});

it('sends requests to the first endpoint, fails over during its outage and returns to it once it recovers', async () => {
  const client = await connect([endpoint(primary.url), endpoint(backup.url)]);
  const before = { primary: calls(primary), backup: calls(backup) };
  for (let i = 0; i < 5; i++) expect(await client.eth_blockNumber()).toBe(0x20);
  expect(calls(primary) - before.primary).toBeGreaterThanOrEqual(5);
  expect(calls(backup) - before.backup).toBe(0);

  primary.setPlan({ badGateway: 1 });
  for (let i = 0; i < 5; i++) expect(await client.eth_blockNumber()).toBe(0x20);
  expect(client.endpoints().map((e) => e.state)).toEqual(['benched', 'healthy']);
  const servedByBackup = calls(backup) - before.backup;
  expect(servedByBackup).toBeGreaterThanOrEqual(5);

  primary.setPlan({});
  // Once its bench ends, the next request tries it again, and it is back.
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && client.endpoints()[0].state !== 'healthy'; ) {
    await sleep(100);
    await client.eth_blockNumber();
  }
  expect(client.endpoints()[0].state).toBe('healthy');
  const backupNow = calls(backup);
  for (let i = 0; i < 3; i++) await client.eth_blockNumber();
  expect(calls(backup)).toBe(backupNow);
});

it('benches an endpoint whose head is far behind the best one', async () => {
  // Another node of the same chain id that has not seen the last 32 blocks.
  const lagging = await startAnvil({ chainId: anvil.chainId });
  try {
    const client = await connect([endpoint(lagging.rpcUrl), endpoint(primary.url)], { maxLagBlocks: 4, endpointProbeMs: 100 });
    // The probe compares heads; the lagging node (preferred by order) is benched as behind and requests go on.
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && client.endpoints()[0].state !== 'behind'; ) await sleep(100);
    expect(client.endpoints().map((e) => e.state)).toEqual(['behind', 'healthy']);
    expect(await client.eth_blockNumber()).toBe(0x20);
  } finally {
    await lagging.stop();
  }
});

it('never uses an endpoint that serves another chain', async () => {
  const other = await startAnvil({ chainId: 4242 });
  try {
    const client = await connect([endpoint(other.rpcUrl), endpoint(primary.url)]);
    expect(await client.eth_blockNumber()).toBe(0x20);
    expect(client.endpoints()[0].state).toBe('wrong-chain');
    expect((await client.eth_getBlockByNumber(1))?.hash).toBe((await anvil.rpc<{ hash: string }>('eth_getBlockByNumber', ['0x1', false])).hash);
  } finally {
    await other.stop();
  }
});

it('sends an eth_getLogs range only to endpoints that accept it, and says so when none does', async () => {
  const client = await connect([endpoint(primary.url, { maxBlockRange: 5 }), endpoint(backup.url, { maxBlockRange: 20 })]);
  const before = { primary: calls(primary), backup: calls(backup) };
  await client.eth_getLogs({ fromBlock: 1, toBlock: 5 });
  expect(calls(primary) - before.primary).toBe(1);
  expect(calls(backup)).toBe(before.backup);
  // Too wide for the preferred endpoint: the other one takes it (checking its chain id first, on first use).
  await client.eth_getLogs({ fromBlock: 1, toBlock: 20 });
  expect(calls(primary) - before.primary).toBe(1);
  expect(calls(backup)).toBeGreaterThan(before.backup);
  await expect(client.eth_getLogs({ fromBlock: 0, toBlock: 30 })).rejects.toBeInstanceOf(LogRangeTooLargeError);
});

it('holds requests back to an endpoint’s requests per second instead of failing them', async () => {
  const client = await connect([endpoint(primary.url, { maxRequestsPerSecond: 5 })]);
  const answered: number[] = [];
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      expect(await client.eth_blockNumber()).toBe(0x20);
      answered.push(Date.now());
    }),
  );
  // 5 per second: 12 requests span three one-second windows, so the last is answered at least ~2 s after the first
  // (a lower bound, which load can only lengthen).
  expect(answered).toHaveLength(12);
  expect(Math.max(...answered) - Math.min(...answered)).toBeGreaterThanOrEqual(1_800);
});
