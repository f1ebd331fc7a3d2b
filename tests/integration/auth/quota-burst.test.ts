// A burst over a key's rate does not spend its monthly quota (#28): 150 parallel calls through the published client on
// a key allowing 2 requests per second and 100 per month are served or refused for the rate, never for the quota, and
// afterwards the quota's counter, the Quota-Remaining header and the usage record all say exactly what was served, on
// one server counting in memory and on two servers sharing Redis (counters under the test database's own deployment
// id, so each run counts under its own prefix).
import { SequenceIndexer } from '@0xsequence/indexer';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { PATIENCE_MS } from '../../helpers/patience';

const ACCOUNT = `0x${'11'.repeat(20)}`;
const CHAINS = '31337:seeded=http://127.0.0.1:9';
const MONTH = 100;

const keyWith = async (server: TestServer, owner: Record<string, string>, input: Record<string, unknown>) => {
  const r = await server.graphql(`mutation($i: AccessKeyInput) { createAccessKey(input: $i) { key accessKey { id } } }`, { i: input }, owner);
  expect(r.body.errors).toBeUndefined();
  return { id: r.body.data.createAccessKey.accessKey.id as number, key: r.body.data.createAccessKey.key as string };
};

/** Fires `n` calls at once through the published client, spread over `servers`: how many were served and refused, by code. */
const burst = async (servers: TestServer[], key: string, n: number) => {
  const clients = servers.map((s) => new SequenceIndexer(s.url, key));
  const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => clients[i % clients.length].getTokenBalances({ accountAddress: ACCOUNT })));
  const codes = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code as number);
  return { served: results.length - codes.length, rate: codes.filter((c) => c === 1201).length, quota: codes.filter((c) => c === 1200).length, other: codes.filter((c) => c !== 1200 && c !== 1201) };
};

/** One call in a fresh second (the burst's second is spent): what the server says is left of the month. */
const remainingAfterASecond = async (server: TestServer, key: string) => {
  await new Promise((r) => setTimeout(r, 1_100));
  const r = await server.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': key });
  expect(r.status).toBe(200);
  return Number(r.headers.get('quota-remaining'));
};

const usageToday = async (server: TestServer, owner: Record<string, string>, id: number) =>
  (await server.graphql(`query($id: Int!) { accessKeyUsage(id: $id) { requests refused } }`, { id }, owner)).body.data.accessKeyUsage.at(-1) as { requests: number; refused: number };

describe('one server, counting in memory', () => {
  let server: TestServer;
  let owner: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ CHAINS }, { index: false });
    owner = bearer((await server.createProject('burst')).bearerToken);
  });
  afterAll(() => server?.stop());

  it('a burst over the rate is refused for the rate only, and the quota counts exactly what was served', async () => {
    const { id, key } = await keyWith(server, owner, { requestsPerSecond: 2, requestsPerMonth: MONTH });
    const b = await burst([server], key, 150);
    expect(b).toMatchObject({ quota: 0, other: [] });
    expect(b.served).toBeGreaterThanOrEqual(1);
    expect(b.served + b.rate).toBe(150);
    expect(await remainingAfterASecond(server, key)).toBe(MONTH - b.served - 1);
    expect(await usageToday(server, owner, id)).toEqual({ requests: b.served + 1, refused: b.rate });
  });

  it('a parallel burst at the quota serves exactly the quota and counts no more', async () => {
    const { id, key } = await keyWith(server, owner, { requestsPerSecond: 10_000, requestsPerMonth: MONTH });
    const b = await burst([server], key, 150);
    expect(b).toEqual({ served: MONTH, rate: 0, quota: 50, other: [] });
    expect(await usageToday(server, owner, id)).toEqual({ requests: MONTH, refused: 50 });
    // The quota's counter is at its limit, not past it: raising the limit by one lets exactly one more request through.
    await server.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: ${MONTH + 1} }) { id } }`, { id }, owner);
    const after = await burst([server], key, 3);
    expect(after).toEqual({ served: 1, rate: 0, quota: 2, other: [] });
  });
});

describe('two servers sharing Redis', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let owner: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { ...db.env, CHAINS, REDIS_URL: 'redis://127.0.0.1:6379', KEY_USAGE_FLUSH_SECONDS: '1' };
    a = await startTestServer(env, { index: false });
    b = await startTestServer(env, { index: false });
    owner = bearer((await a.createProject('burst-redis')).bearerToken);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('a burst over the rate across both is refused for the rate only, and both count exactly what was served', async () => {
    const { id, key } = await keyWith(a, owner, { requestsPerSecond: 2, requestsPerMonth: MONTH });
    const started = Date.now();
    const burstResult = await burst([a, b], key, 150);
    const secondsSpanned = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(burstResult).toMatchObject({ quota: 0, other: [] });
    expect(burstResult.served + burstResult.rate).toBe(150);
    // One rate between them: the burst serves at most the rate of each second it spans.
    expect(burstResult.served).toBeLessThanOrEqual(2 * secondsSpanned);
    expect(await remainingAfterASecond(a, key)).toBe(MONTH - burstResult.served - 1);
    expect(await remainingAfterASecond(b, key)).toBe(MONTH - burstResult.served - 2);
    // B's counts reach the database within its flush interval.
    let seen = await usageToday(a, owner, id);
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && seen.requests + seen.refused < 152; ) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await usageToday(a, owner, id);
    }
    expect(seen).toEqual({ requests: burstResult.served + 2, refused: burstResult.rate });
  });

  it('requests refused for the quota give their count back: raising the quota by one lets exactly one more through', async () => {
    const { id, key } = await keyWith(a, owner, { requestsPerSecond: 10_000, requestsPerMonth: 3 });
    expect(await burst([a, b], key, 10)).toEqual({ served: 3, rate: 0, quota: 7, other: [] });
    await a.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: 4 }) { id } }`, { id }, owner);
    // B still remembers the key's old limits for up to 5 s; A, which made the change, reads them at once.
    expect(await burst([a], key, 3)).toEqual({ served: 1, rate: 0, quota: 2, other: [] });
  });
});
