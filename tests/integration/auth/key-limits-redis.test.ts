// Request limits per access key shared by replicas through Redis: two servers on one database and one Redis enforce
// one quota and one rate between them, and their usage adds up. Counters are named after the test database's
// deployment id, so each test file (and each run) counts under its own Redis prefix.
import { SequenceIndexer } from '@0xsequence/indexer';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const ACCOUNT = `0x${'11'.repeat(20)}`;

let db: TestDatabase;
let a: TestServer;
let b: TestServer;
let owner: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  // B writes its usage every second, so that A's reads see it soon.
  const env = { ...db.env, CHAINS: '31337:seeded=http://127.0.0.1:9', REDIS_URL: 'redis://127.0.0.1:6379', KEY_USAGE_FLUSH_SECONDS: '1' };
  a = await startTestServer(env, { index: false });
  b = await startTestServer(env, { index: false });
  owner = bearer((await a.createProject('replicas')).bearerToken);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await db?.drop();
});

const keyWith = async (input: Record<string, unknown>): Promise<{ id: number; key: string }> => {
  const r = await a.graphql(`mutation($i: AccessKeyInput) { createAccessKey(input: $i) { key accessKey { id } } }`, { i: input }, owner);
  expect(r.body.errors).toBeUndefined();
  return { id: r.body.data.createAccessKey.accessKey.id, key: r.body.data.createAccessKey.key };
};
const balances = (server: TestServer, key: string) => server.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': key });

it('enforces one monthly quota across two replicas, refused through the published client, and adds up their usage', async () => {
  const { id, key } = await keyWith({ requestsPerMonth: 5 });
  for (const remaining of [4, 3, 2]) expect((await balances(a, key)).headers.get('quota-remaining')).toBe(String(remaining));
  // B counts on from A's count.
  for (const remaining of [1, 0]) expect((await balances(b, key)).headers.get('quota-remaining')).toBe(String(remaining));
  expect((await balances(b, key)).body).toMatchObject({ error: 'QuotaExceeded', code: 1200, status: 429 });
  await expect(new SequenceIndexer(a.url, key).getTokenBalances({ accountAddress: ACCOUNT })).rejects.toMatchObject({ code: 1200, status: 429 });
  const viaGraphql = await b.graphql(`{ chains { chainId } }`, {}, { 'X-Access-Key': key });
  expect(viaGraphql.status).toBe(429);
  expect(viaGraphql.body.errors[0].extensions.code).toBe('QUOTA_EXCEEDED');

  // A's read writes A's counts first; B's arrive within its flush interval.
  const today = async () => (await a.graphql(`query($id: Int!) { accessKeyUsage(id: $id) { requests refused } }`, { id }, owner)).body.data.accessKeyUsage.at(-1);
  let seen = await today();
  while (seen.requests + seen.refused < 8) {
    await new Promise((r) => setTimeout(r, 200));
    seen = await today();
  }
  expect(seen).toEqual({ requests: 5, refused: 3 });
});

it('enforces one rate across two replicas', async () => {
  // A takes the second's 3 requests; B's next request in that second is refused. A second that ends between them lets
  // B's request through, so the pair is tried again; replicas counting apart would let every one through.
  const { key } = await keyWith({ requestsPerSecond: 3 });
  let refused: Awaited<ReturnType<typeof balances>> | null = null;
  for (let attempt = 0; attempt < 20 && !refused; attempt++) {
    const onA = await Promise.all([balances(a, key), balances(a, key), balances(a, key)]);
    if (!onA.every((r) => r.status === 200)) continue; // the second began with some of another attempt's requests
    const onB = await balances(b, key);
    if (onB.status === 429) refused = onB;
  }
  expect(refused?.body).toMatchObject({ error: 'RateLimit', code: 1201, status: 429 });
  expect(refused?.headers.get('ratelimit-limit')).toBe('3');
  expect(refused?.headers.get('ratelimit-remaining')).toBe('0');
});
