// Request limits per access key, counted in this process (no REDIS_URL: the in-process fallback): a key's own rate
// and monthly quota set through GraphQL, refused with the published error shapes through the published clients, the
// RPC, GraphQL over HTTP (POST and GET), graphql-ws subscriptions and NDJSON streams; the headers; usage per day in
// GraphQL and /metrics; a month counted on from the usage recorded, across a restart.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { SequenceIndexer } from '@0xsequence/indexer';
import { SequenceMetadata } from '@0xsequence/metadata';
import { createTestDatabase } from '../../helpers/database';
import { openNdjson } from '../../helpers/ndjson';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const ACCOUNT = `0x${'11'.repeat(20)}`;
const CONTRACT = `0x${'22'.repeat(20)}`;
const LIMITS = 'id requestsPerSecond requestsPerMonth';

let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
beforeAll(async () => {
  // A chain whose node is not running: the requests below need a key, not chain data.
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9' }, { index: false });
  project = await server.createProject('limits');
});
afterAll(() => server?.stop());

const asOwner = () => bearer(project.bearerToken);
/** A new key of the project with these limits: its id and the key. */
const keyWith = async (input: Record<string, unknown>): Promise<{ id: number; key: string }> => {
  const r = await server.graphql(`mutation($i: AccessKeyInput) { createAccessKey(input: $i) { key accessKey { id } } }`, { i: input }, asOwner());
  expect(r.body.errors).toBeUndefined();
  return { id: r.body.data.createAccessKey.accessKey.id, key: r.body.data.createAccessKey.key };
};
const balances = (key: string) => server.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': key });
const chainsQuery = (key: string) =>
  fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': key }, body: JSON.stringify({ query: '{ chains { chainId } }' }) });

it('sets a key’s own rate and quota through GraphQL, 0 returning it to the server’s, and refuses bad values', async () => {
  const { id } = await keyWith({ name: 'tuned', requestsPerSecond: 50, requestsPerMonth: 1000 });
  const listed = async () => (await server.graphql(`{ accessKeys { ${LIMITS} } }`, {}, asOwner())).body.data.accessKeys.find((k: any) => k.id === id);
  expect(await listed()).toEqual({ id, requestsPerSecond: 50, requestsPerMonth: 1000 });
  const updated = await server.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerSecond: 0 }) { ${LIMITS} } }`, { id }, asOwner());
  expect(updated.body.data.updateAccessKey).toEqual({ id, requestsPerSecond: null, requestsPerMonth: 1000 });
  const bad = await server.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: -1 }) { id } }`, { id }, asOwner());
  expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'requestsPerMonth' });
  // A rotated key keeps its record, limits included (and with them the quota it used).
  const rotated = await server.graphql(`mutation($id: Int!) { rotateAccessKey(id: $id) { accessKey { ${LIMITS} } } }`, { id }, asOwner());
  expect(rotated.body.data.rotateAccessKey.accessKey).toEqual({ id, requestsPerSecond: null, requestsPerMonth: 1000 });
});

it('refuses a key over its monthly quota: QuotaExceeded 1200/429 on the RPC and the published clients, QUOTA_EXCEEDED in GraphQL', async () => {
  const { key } = await keyWith({ requestsPerMonth: 3 });
  for (const remaining of [2, 1, 0]) {
    const ok = await balances(key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('quota-limit')).toBe('3');
    expect(ok.headers.get('quota-remaining')).toBe(String(remaining));
    expect(ok.headers.get('ratelimit-limit')).toBeNull(); // no rate for this key
  }
  const refused = await balances(key);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: 'QuotaExceeded', code: 1200, status: 429 });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.headers.get('quota-remaining')).toBe('0');

  await expect(new SequenceIndexer(server.url, key).getTokenBalances({ accountAddress: ACCOUNT })).rejects.toMatchObject({ code: 1200, status: 429 });
  await expect(new SequenceMetadata(server.url, key).getContractInfo({ chainID: '31337', contractAddress: CONTRACT })).rejects.toMatchObject({
    code: 1200,
    status: 429,
  });
  const viaGraphql = await chainsQuery(key);
  expect(viaGraphql.status).toBe(429);
  expect(Number(viaGraphql.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await viaGraphql.json()).errors[0].extensions.code).toBe('QUOTA_EXCEEDED');
  // GET goes through yoga: the same refusal.
  const viaGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ chains { chainId } }')}`, { headers: { 'X-Access-Key': key, Accept: 'application/json' } });
  expect(viaGet.status).toBe(429);
  expect((await viaGet.json()).errors[0].extensions.code).toBe('QUOTA_EXCEEDED');
});

it('refuses a key over its rate: RateLimit 1201/429 through the published clients and RATE_LIMIT in GraphQL, with RateLimit headers', async () => {
  // 20 requests at once against 2 per second: all but the few that fit the windows they span are refused.
  const { key } = await keyWith({ requestsPerSecond: 2 });
  const indexer = new SequenceIndexer(server.url, key);
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => indexer.getTokenBalances({ accountAddress: ACCOUNT })));
  const refusals = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
  expect(refusals.length).toBeGreaterThan(0);
  for (const e of refusals) expect(e).toMatchObject({ code: 1201, status: 429 });

  const metadata = new SequenceMetadata(server.url, key);
  const fromMetadata = await Promise.allSettled(Array.from({ length: 20 }, () => metadata.getContractInfo({ chainID: '31337', contractAddress: CONTRACT })));
  expect(fromMetadata.some((r) => r.status === 'rejected' && r.reason.code === 1201 && r.reason.status === 429)).toBe(true);

  const replies = await Promise.all(Array.from({ length: 20 }, () => chainsQuery(key)));
  const served = replies.filter((r) => r.status === 200);
  const limited = replies.filter((r) => r.status === 429);
  expect(limited.length).toBeGreaterThan(0);
  for (const r of served) {
    expect(r.headers.get('ratelimit-limit')).toBe('2');
    expect(['0', '1']).toContain(r.headers.get('ratelimit-remaining'));
    expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  }
  const refusal = limited[0];
  expect(refusal.headers.get('ratelimit-remaining')).toBe('0');
  expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((await refusal.json()).errors[0].extensions.code).toBe('RATE_LIMIT');

  const rpcReplies = await Promise.all(Array.from({ length: 10 }, () => balances(key)));
  const rpcRefusal = rpcReplies.find((r) => r.status === 429)!;
  expect(rpcRefusal.body).toMatchObject({ error: 'RateLimit', code: 1201, msg: expect.stringContaining('2 requests per second') });
  expect(Number(rpcRefusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
});

it('counts each graphql-ws subscription and each NDJSON stream against the key', async () => {
  const { id, key } = await keyWith({ requestsPerMonth: 2 });
  const stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: CONTRACT }, { 'X-Access-Key': key });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('quota-limit')).toBe('2');
  expect(stream.headers.get('quota-remaining')).toBe('1');
  stream.close();
  // Two subscriptions on one connection: one takes the quota's last request (and waits for events), the other is refused.
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const query = `subscription { balanceEvents(contractAddress: "${CONTRACT}") { balance } }`;
  const disposers: Array<() => void> = [];
  const refused = await new Promise<any>((resolve) => {
    for (let i = 0; i < 2; i++) disposers.push(client.subscribe({ query }, { next: resolve, error: resolve, complete: () => undefined }));
  });
  expect(refused[0].extensions.code).toBe('QUOTA_EXCEEDED');
  const refusedStream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: CONTRACT }, { 'X-Access-Key': key });
  expect(refusedStream.status).toBe(429);
  for (const dispose of disposers) dispose();
  await client.dispose();
  const usage = await server.graphql(`query($id: Int!) { accessKeyUsage(id: $id) { requests refused } }`, { id }, asOwner());
  expect(usage.body.data.accessKeyUsage.at(-1)).toEqual({ requests: 2, refused: 2 });
});

it('reads a key’s requests per day in GraphQL (owner only) and exports them in /metrics by key id', async () => {
  const { id, key } = await keyWith({ requestsPerMonth: 2 });
  for (let i = 0; i < 3; i++) await balances(key);
  const today = new Date().toISOString().slice(0, 10);
  const usage = await server.graphql(`query($id: Int!, $t: String) { accessKeyUsage(id: $id, to: $t) { day requests refused } }`, { id, t: today }, asOwner());
  expect(usage.body.errors).toBeUndefined();
  const days = usage.body.data.accessKeyUsage;
  expect(days).toHaveLength(30);
  expect(days[29]).toEqual({ day: today, requests: 2, refused: 1 });
  expect(days.slice(0, 29).every((d: any) => d.requests === 0 && d.refused === 0)).toBe(true);

  const other = await server.createProject('other');
  const foreign = await server.graphql(`query($id: Int!) { accessKeyUsage(id: $id) { day } }`, { id }, bearer(other.bearerToken));
  expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');
  const badDay = await server.graphql(`query($id: Int!) { accessKeyUsage(id: $id, from: "2026-02-30") { day } }`, { id }, asOwner());
  expect(badDay.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'from' });

  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  expect(metrics).toContain(`strata_access_key_requests_total{key_id="${id}",outcome="served"} 2`);
  expect(metrics).toContain(`strata_access_key_requests_total{key_id="${id}",outcome="quota_exceeded"} 1`);
  expect(metrics).not.toContain(key);
});

it('counts a key without limits too, and sends no limit headers for it', async () => {
  const { id, key } = await keyWith({});
  const r = await balances(key);
  expect(r.status).toBe(200);
  expect(r.headers.get('ratelimit-limit')).toBeNull();
  expect(r.headers.get('quota-limit')).toBeNull();
  const usage = await server.graphql(`query($id: Int!) { accessKeyUsage(id: $id) { requests } }`, { id }, asOwner());
  expect(usage.body.data.accessKeyUsage.at(-1).requests).toBe(1);
});

it('counts a month on from the usage recorded: a key whose quota changes, and a process started again on the database', async () => {
  const { id, key } = await keyWith({ requestsPerMonth: 3 });
  for (let i = 0; i < 2; i++) expect((await balances(key)).status).toBe(200);
  await server.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: 4 }) { id } }`, { id }, asOwner());
  // The key's settings are read again at once here (the update forgets them); its month stays at 2 used.
  expect((await balances(key)).headers.get('quota-remaining')).toBe('1');

  // Another process on the same database (the first one stopped: its counts written on the way out).
  const db = await createTestDatabase();
  const env = { ...db.env, CHAINS: '31337:seeded=http://127.0.0.1:9' };
  const first = await startTestServer(env, { index: false });
  const p = await first.createProject('restarts');
  const issued = (await first.graphql(`mutation { createAccessKey(input: { requestsPerMonth: 3 }) { key } }`, {}, bearer(p.bearerToken))).body.data.createAccessKey.key;
  const use = (s: TestServer) => s.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': issued });
  for (let i = 0; i < 2; i++) expect((await use(first)).status).toBe(200);
  await first.stop();
  const second = await startTestServer(env, { index: false });
  try {
    expect((await use(second)).headers.get('quota-remaining')).toBe('0');
    expect((await use(second)).body).toMatchObject({ error: 'QuotaExceeded', code: 1200 });
  } finally {
    await second.stop();
    await db.drop();
  }
});
