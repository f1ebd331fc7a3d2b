// What the console's charts read, against the real server, a real anvil and a real local receiver: a project's
// requests and refusals per day across its keys (projectUsage), a chain's sampled pace and lag (chainPace: the
// sampler's rows, thinned for a long window, pruned past retention) and a listener's deliveries per hour with their
// latency (webhookDeliveryHours), each checked against the rows it is read from, and each refused to another project.
import type { Contract } from 'ethers';
import { LessThan } from 'typeorm';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { sendAndWait, waitForIndexed } from '../../helpers/chain-fixtures';
import { PATIENCE_MS } from '../../helpers/patience';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { deployContract } from '../../helpers/solidity';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { ChainPaceSampleEntity, WebhookDeliveryEntity } from '../../../src/db';
import { createChainPaceStore } from '../../../src/domain/indexer/pace';

type Project = { projectId: number; accessKey: string; bearerToken: string };

let anvil: Anvil;
let receiver: Receiver;
let server: TestServer;
let A: Project;
let B: Project;
let token: Contract;

beforeAll(async () => {
  anvil = await startAnvil();
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`,
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    WEBHOOK_RETRY_BASE_MS: '60000',
    CHAIN_PACE_SAMPLE_SECONDS: '1',
  });
  [A, B] = [await server.createProject('charts A'), await server.createProject('charts B')];
  token = await deployContract(devWallet(anvil, 0), 'TestERC20.sol', 'TestERC20', ['Gold', 'GLD', 18]);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

const ok = async (p: Project | string, query: string, variables: Record<string, unknown> = {}) => {
  const r = await server.graphql(query, variables, bearer(typeof p === 'string' ? p : p.bearerToken));
  if (r.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
};
const codeOf = async (p: Project, query: string, variables: Record<string, unknown> = {}) =>
  (await server.graphql(query, variables, bearer(p.bearerToken))).body.errors?.[0]?.extensions?.code;

/** Polls `read` until `done` holds of what it returns (or the patience runs out, with what it read last). */
const until = async <T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const today = () => new Date().toISOString().slice(0, 10);

describe('projectUsage', () => {
  it('adds up the project’s keys per day, served and refused, every day listed', async () => {
    const keys = (await ok(A, '{ accessKeys { id } }')).accessKeys as Array<{ id: number }>;
    await ok(A, 'mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: 3 }) { id } }', { id: keys[0].id });
    const second = (await ok(A, 'mutation { createAccessKey(input: { name: "second" }) { key } }')).createAccessKey.key as string;
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) codes.push((await server.graphql('{ __typename }', {}, { 'X-Access-Key': A.accessKey })).body.errors?.[0]?.extensions?.code);
    for (let i = 0; i < 2; i++) await server.graphql('{ __typename }', {}, { 'X-Access-Key': second });
    expect(codes).toEqual([undefined, undefined, undefined, 'QUOTA_EXCEEDED', 'QUOTA_EXCEEDED']);

    const days = (await ok(A, '{ projectUsage { day requests refused } }')).projectUsage as Array<{ day: string; requests: number; refused: number }>;
    expect(days).toHaveLength(30);
    expect(days[29]).toEqual({ day: today(), requests: 5, refused: 2 });
    expect(days.slice(0, 29).every((d) => d.requests === 0 && d.refused === 0)).toBe(true);
    // The per-key reads say the same, split.
    const perKey = (await ok(A, '{ accessKeys { id } }')).accessKeys as Array<{ id: number }>;
    const split = await Promise.all(perKey.map(async (k) => (await ok(A, `{ accessKeyUsage(id: ${k.id}, from: "${today()}") { requests refused } }`)).accessKeyUsage[0]));
    expect(split.reduce((n, d) => ({ requests: n.requests + d.requests, refused: n.refused + d.refused }), { requests: 0, refused: 0 })).toEqual({ requests: 5, refused: 2 });

    const other = (await ok(B, `{ projectUsage(from: "${today()}") { requests refused } }`)).projectUsage;
    expect(other).toEqual([{ requests: 0, refused: 0 }]);
    expect(await codeOf(B, `{ projectUsage(projectId: ${A.projectId}) { day } }`)).toBe('PERMISSION_DENIED');
    expect(await codeOf(A, '{ projectUsage(from: "2026-02-30") { day } }')).toBe('INVALID_ARGUMENT');
  });
});

describe('chainPace', () => {
  const PACE = 'query($hours: Int) { chainPace(hours: $hours) { sampledAt indexedBlock headBlock lag eventsIndexed blocksPerSecond eventsPerSecond } }';
  type Sample = { sampledAt: string; indexedBlock: number; headBlock: number; lag: number; eventsIndexed: number; blocksPerSecond: number | null; eventsPerSecond: number | null };

  it('reads the sampler’s rows, with lag and the pace between consecutive samples', async () => {
    for (let i = 0; i < 3; i++) await sendAndWait(token.mint(devWallet(anvil, 1).address, 10n));
    await waitForIndexed(server.app, anvil);
    const head = Number(await anvil.rpc<string>('eth_blockNumber'));
    // Two samples after the chain reached its head: one second apart, once a second.
    const samples = await until('two samples at the head', async () => (await ok(A, PACE)).chainPace as Sample[], (s) => s.filter((x) => x.indexedBlock >= head).length >= 2);
    const rows = await server.app.db.getRepository(ChainPaceSampleEntity).find({ where: { chainId: anvil.chainId }, order: { sampledMs: 'ASC' } });
    const asRead = rows.slice(0, samples.length);
    expect(samples.map((s) => [Date.parse(s.sampledAt), s.indexedBlock, s.headBlock, s.eventsIndexed])).toEqual(asRead.map((r) => [r.sampledMs, r.indexedBlock, r.headBlock, r.eventsIndexed]));
    expect(samples.every((s) => Date.parse(s.sampledAt) % 1000 === 0)).toBe(true);
    expect(samples[0].blocksPerSecond).toBeNull();
    for (let i = 1; i < samples.length; i++) {
      const seconds = (Date.parse(samples[i].sampledAt) - Date.parse(samples[i - 1].sampledAt)) / 1000;
      expect(samples[i].lag).toBe(Math.max(0, samples[i].headBlock - samples[i].indexedBlock));
      expect(samples[i].blocksPerSecond).toBeCloseTo(Math.max(0, samples[i].indexedBlock - samples[i - 1].indexedBlock) / seconds, 9);
      expect(samples[i].eventsPerSecond).toBeCloseTo(Math.max(0, samples[i].eventsIndexed - samples[i - 1].eventsIndexed) / seconds, 9);
    }
    expect(samples.at(-1)!.eventsIndexed).toBeGreaterThanOrEqual(3);
  });

  it('thins a window of more samples than a chart shows, and prunes what is past retention', async () => {
    const repo = server.app.db.getRepository(ChainPaceSampleEntity);
    const hour = 3_600_000;
    const start = Date.now() - 60 * hour;
    // 2,000 samples a minute apart, 60 to 27 hours ago, their blocks growing by one a minute.
    const old = Array.from({ length: 2_000 }, (_, i) => ({ chainId: anvil.chainId, sampledMs: start + i * 60_000, indexedBlock: i, headBlock: i + 5, eventsIndexed: 2 * i }));
    for (let i = 0; i < old.length; i += 200) await repo.insert(old.slice(i, i + 200));
    const thinned = (await ok(A, PACE, { hours: 72 })).chainPace as Sample[];
    const inWindow = await repo.count({ where: { chainId: anvil.chainId } });
    expect(inWindow).toBeGreaterThan(2_000);
    expect(thinned.length).toBeLessThanOrEqual(1_501);
    // Stretches of 72 h / 1,500 = 172.8 s: the old rows fall in this many.
    const stretches = new Set(old.map((r) => r.sampledMs - (r.sampledMs % 172_800)));
    const times = thinned.map((s) => Date.parse(s.sampledAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Each point is the latest of its stretch: one of the rows, with that row's figures.
    const byTime = new Map(old.map((r) => [r.sampledMs, r]));
    const oldPoints = thinned.filter((s) => byTime.has(Date.parse(s.sampledAt)));
    expect(oldPoints.length).toBe(stretches.size);
    for (const s of oldPoints) expect([s.indexedBlock, s.headBlock, s.eventsIndexed]).toEqual(((r) => [r.indexedBlock, r.headBlock, r.eventsIndexed])(byTime.get(Date.parse(s.sampledAt))!));
    expect(((await ok(A, PACE, { hours: 24 })).chainPace as Sample[]).some((s) => byTime.has(Date.parse(s.sampledAt)))).toBe(false);

    // The sampler goes on adding a row a second meanwhile: the old rows are counted apart.
    const cutoff = Date.now() - 30 * hour;
    const oldRows = () => repo.count({ where: { chainId: anvil.chainId, sampledMs: LessThan(start + old.length * 60_000) } });
    const removed = await createChainPaceStore(server.app.db).prune(cutoff);
    expect(removed).toBe(old.filter((r) => r.sampledMs < cutoff).length);
    expect(await oldRows()).toBe(old.length - removed);
    expect(await createChainPaceStore(server.app.db).prune(cutoff)).toBe(0);
  });

  it('checks its window', async () => {
    expect(await codeOf(A, PACE, { hours: 0 })).toBe('INVALID_ARGUMENT');
    expect(await codeOf(A, PACE, { hours: 745 })).toBe('INVALID_ARGUMENT');
    expect(await codeOf(A, '{ chainPace(chainId: "999") { lag } }')).toBe('CHAIN_NOT_FOUND');
  });
});

describe('webhookDeliveryHours', () => {
  const HOURS = 'query($id: Int!, $hours: Int) { webhookDeliveryHours(listenerId: $id, hours: $hours) { start delivered waiting dead averageLatencyMs maxLatencyMs } }';
  const ADD = 'mutation($input: WebhookListenerInput!) { addWebhookListener(input: $input) { listener { id } } }';

  it('counts a listener’s deliveries of each hour by status, with the delivered ones’ latency', async () => {
    const address = await token.getAddress();
    receiver.setBehaviour('/slow', () => ({ status: 200, delayMs: 120 }));
    receiver.setBehaviour('/failing', () => ({ status: 500 }));
    const slow = (await ok(A, ADD, { input: { url: receiver.url('/slow'), filters: { contractAddresses: [address] } } })).addWebhookListener.listener.id as number;
    const failing = (await ok(A, ADD, { input: { url: receiver.url('/failing'), filters: { contractAddresses: [address] } } })).addWebhookListener.listener.id as number;
    let last = 0;
    for (let i = 0; i < 2; i++) last = ((await sendAndWait(token.mint(devWallet(anvil, 2).address, 5n))) as { blockNumber: number }).blockNumber;
    const deliveries = server.app.db.getRepository(WebhookDeliveryEntity);
    // Both mints delivered (one delivery or two, as ingestion batched them).
    await until('the slow listener’s deliveries', () => deliveries.findBy({ listenerId: slow }), (rows) => rows.some((r) => r.lastBlock >= last) && rows.every((r) => r.status === 'delivered'));
    await until('a failed attempt', () => deliveries.findBy({ listenerId: failing }), (rows) => rows.some((r) => r.status === 'retrying'));

    // Read within one clock hour (read again if the hour turned meanwhile), so that the current hour is known.
    const hourStart = () => Math.floor(Date.now() / 3_600_000) * 3_600_000;
    let hours: Array<Record<string, any>>;
    let now: Date;
    do {
      now = new Date(hourStart());
      hours = (await ok(A, HOURS, { id: slow })).webhookDeliveryHours;
    } while (hourStart() !== now.getTime());
    expect(hours).toHaveLength(24);
    expect(Date.parse(hours[23].start)).toBe(now.getTime());
    expect(Date.parse(hours[0].start)).toBe(now.getTime() - 23 * 3_600_000);
    const rows = (await deliveries.findBy({ listenerId: slow })).filter((r) => r.createdAt.getTime() >= now.getTime());
    const latencies = rows.map((r) => r.latencyMs!);
    expect(hours[23]).toMatchObject({
      delivered: rows.length,
      waiting: 0,
      dead: 0,
      averageLatencyMs: Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
      maxLatencyMs: Math.max(...latencies),
    });
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(100);
    expect(hours.slice(0, 23).every((h) => h.delivered + h.waiting + h.dead === 0 && h.averageLatencyMs === null)).toBe(true);

    const failed = (await ok(A, HOURS, { id: failing, hours: 1 })).webhookDeliveryHours as Array<Record<string, any>>;
    const failingRows = (await deliveries.findBy({ listenerId: failing })).filter((r) => r.createdAt.getTime() >= now.getTime());
    expect(failed).toEqual([
      { start: now.toISOString().replace('.000Z', 'Z'), delivered: 0, waiting: failingRows.filter((r) => r.status !== 'dead').length, dead: 0, averageLatencyMs: null, maxLatencyMs: null },
    ]);
    expect(await codeOf(B, HOURS, { id: slow })).toBe('NOT_FOUND');
    expect(await codeOf(A, HOURS, { id: slow, hours: 169 })).toBe('INVALID_ARGUMENT');
  });
});
