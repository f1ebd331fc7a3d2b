// Retry-After tells the truth (#48): a key refused for its rate is served again once the seconds its 429 named have
// passed, however hard it was pushed meanwhile (refusals do not extend the window); in this process and with Redis.
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { PATIENCE_MS } from '../../helpers/patience';

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

  it('is served again once its Retry-After has passed, after bursts and refusals meanwhile', async () => {
    for (let round = 0; round < 3; round++) {
      // Bursts of 30 until one is refused (on a slow machine a burst may spread over several one-second windows).
      let refusal: Awaited<ReturnType<typeof balances>> | undefined;
      for (const started = Date.now(); !refusal && Date.now() - started < PATIENCE_MS; ) {
        refusal = (await Promise.all(Array.from({ length: 30 }, () => balances()))).find((r) => r.status === 429);
      }
      expect(refusal?.status).toBe(429);
      const retryAfter = Number(refusal!.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // A few more within the window: refused requests must not move its end (fewer than the rate, should a new
      // window have begun meanwhile).
      await Promise.all(Array.from({ length: RATE - 2 }, () => balances()));
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
      // What the 429 promised: served again.
      const after = await balances();
      expect({ round, status: after.status, body: after.status === 200 ? 'ok' : after.body }).toEqual({ round, status: 200, body: 'ok' });
      await new Promise((r) => setTimeout(r, 1100));
    }
  });
});
