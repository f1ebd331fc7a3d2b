// The production edge: CORS from a list (never reflecting an arbitrary origin or `null`), security headers on every
// reply, GraphiQL and anonymous introspection switched off, /metrics behind its token, and failed credentials throttled
// per client address with RateLimited (429, Retry-After) while a good key from elsewhere keeps working.
import { startTestServer, type TestServer } from '../../helpers/server';

const METRICS_TOKEN = 'edge-test-metrics-token';
let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({
    CORS_ORIGINS: 'https://app.example.com',
    GRAPHIQL: 'off',
    INTROSPECTION: 'off',
    METRICS_TOKEN,
    AUTH_FAILURE_LIMIT: '5',
    AUTH_FAILURE_WINDOW_SECONDS: '60',
    TRUST_PROXY_HOPS: '1',
  });
  key = (await server.createProject()).accessKey;
});

afterAll(async () => {
  await server?.stop();
});

const gql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

it('answers CORS for listed origins only, and never reflects others or null', async () => {
  const listed = await gql('{ __typename }', { origin: 'https://app.example.com' });
  expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  for (const origin of ['https://evil.example', 'null']) {
    const other = await gql('{ __typename }', { origin });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/rpc/Indexer/GetTokenBalances`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-access-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  }
});

it('sends security headers on every reply', async () => {
  for (const res of [await gql('{ __typename }'), await fetch(`${server.url}/health`), await fetch(`${server.url}/nowhere`)]) {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  }
});

it('turns GraphiQL and anonymous introspection off, keeping introspection for a caller with a key', async () => {
  // A browser is told that GraphiQL is off and how to turn it on; the explorer itself is not served.
  const page = await (await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } })).text();
  expect(page).toContain('GraphiQL is off');
  expect(page).not.toContain('<script');
  expect((await fetch(`${server.url}/`, { redirect: 'manual' })).status).toBe(404);
  const anonymous = (await (await gql('{ __schema { queryType { name } } }')).json()) as { errors?: Array<{ message: string }> };
  expect(anonymous.errors?.[0].message).toMatch(/introspection/i);
  const withKey = (await (await gql('{ __schema { queryType { name } } }', { 'x-access-key': key })).json()) as { data: unknown };
  expect(withKey.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
});

it('keeps /metrics behind its token', async () => {
  expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-this-test' } })).status).toBe(401);
  const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(ok.status).toBe(200);
  expect(await ok.text()).toContain('strata_http_request_duration_seconds');
});

it('throttles guessed keys per client address with RateLimited, not other addresses', async () => {
  const guess = (i: number, from: string) =>
    fetch(`${server.url}/rpc/Indexer/GetTokenBalances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': `guess-${i}`, 'x-forwarded-for': from },
      body: JSON.stringify({ accountAddress: '0x0000000000000000000000000000000000000001' }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await guess(i, '203.0.113.7')).status);
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(new Set(statuses.slice(6))).toEqual(new Set([429]));
  const limited = await guess(99, '203.0.113.7');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited.json()) as { error: string }).error).toBe('RateLimited');

  // Another address with the right key gets past authentication; so is GraphQL, which reports the same refusal as an error code.
  const good = await fetch(`${server.url}/rpc/Indexer/GetTokenBalances`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': key, 'x-forwarded-for': '198.51.100.9' },
    body: JSON.stringify({ accountAddress: '0x0000000000000000000000000000000000000001' }),
  });
  // (No chain is configured here, so the key passes and the request fails further on, on its chain.)
  const goodBody = (await good.json()) as { error: string; msg: string };
  expect(good.status).toBe(400);
  expect(goodBody.msg).toMatch(/chain/i);
  const refused = await gql('{ tokenBalances(accountAddress: "0x0000000000000000000000000000000000000001") { pageSize } }', {
    'x-access-key': 'guess-graphql',
    'x-forwarded-for': '203.0.113.7',
  });
  const refusedBody = JSON.stringify(await refused.clone().json());
  expect({ status: refused.status, refusedBody }).toEqual({ status: 429, refusedBody: expect.stringContaining('RATE_LIMITED') });
  expect(JSON.stringify(await refused.json())).toContain('RATE_LIMITED');
});
