// Retry-After tells the truth (#48): a key refused for its rate is served again once the seconds its 429 named have
// passed, however hard it was pushed meanwhile (refusals do not extend the window); in this process and with Redis.
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const ACCOUNT = `0x${'11'.repeat(20)}`;
const RATE = 5;

describe.each([
  ['in this process', {}],
  ['with Redis', { REDIS_URL: 'redis://127.0.0.1:6379' }],
])('a key over its rate, counted %s', (_name, env) => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9', ...env }, { index: false });
    const project = await server.createProject('retry-after');
    const r = await server.graphql(`mutation { createAccessKey(input: { requestsPerSecond: ${RATE} }) { key } }`, {}, bearer(project.bearerToken));
    key = r.body.data.createAccessKey.key;
  });
  afterAll(() => server?.stop());

  const balances = () => server.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': key });

  it('is served again once its Retry-After has passed, after a burst of 30 and refusals meanwhile', async () => {
    for (let round = 0; round < 3; round++) {
      const burst = await Promise.all(Array.from({ length: 30 }, () => balances()));
      const refused = burst.filter((r) => r.status === 429);
      expect(burst.filter((r) => r.status === 200).length).toBeLessThanOrEqual(RATE);
      expect(refused.length).toBeGreaterThanOrEqual(30 - RATE);
      const retryAfter = Math.max(...refused.map((r) => Number(r.headers.get('retry-after'))));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // More refused requests within the window must not move it.
      expect((await balances()).status).toBe(429);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
      // What the 429 promised: served again (30 tries a little apart: at most RATE of them in one window are served,
      // and the first is).
      const after = await balances();
      expect({ round, status: after.status, body: after.status === 200 ? 'ok' : after.body }).toEqual({ round, status: 200, body: 'ok' });
      await new Promise((r) => setTimeout(r, 1100));
    }
  });
});
