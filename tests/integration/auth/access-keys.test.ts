// A project's access keys over GraphQL: several keys, one default, list, rotate, revoke (a revoked key is refused at
// once), allowed origins (InvalidOrigin through the RPC, the published client and GraphQL), and the limits' errors.
import type { SequenceIndexer as SequenceIndexerClass } from '@0xsequence/indexer';
import { MAX_ACCESS_KEYS } from '../../../src/domain/auth/access-keys';
import { createTestDatabase } from '../../helpers/database';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
beforeAll(async () => {
  // A chain whose node is not running: the requests below need a key, not chain data.
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9' }, { index: false });
  project = await server.createProject('keys');
});
afterAll(() => server?.stop());

const KEY = 'id name hint isDefault origins';
const gql = async (query: string, variables: Record<string, unknown> = {}, headers = bearer(project.bearerToken)) => server.graphql(query, variables, headers);
const data = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await gql(query, variables);
  expect(r.body.errors).toBeUndefined();
  return r.body.data;
};
const list = async () => (await data(`{ accessKeys { ${KEY} } }`)).accessKeys;
const create = async (input: Record<string, unknown> = {}) =>
  (await data(`mutation($i: AccessKeyInput) { createAccessKey(input: $i) { key accessKey { ${KEY} } } }`, { i: input })).createAccessKey;
/** An Indexer request with this key (and, like a browser, an Origin header when given). */
const useKey = (key: string, origin?: string) =>
  server.rpc('Indexer/GetTokenBalances', { accountAddress: `0x${'11'.repeat(20)}` }, { 'X-Access-Key': key, ...(origin ? { Origin: origin } : {}) });
const works = async (key: string, origin?: string) => {
  const r = await useKey(key, origin);
  return r.body.error !== 'AccessKeyNotFound' && r.status !== 401;
};

it('lists the keys, issues more, moves the default, and keeps exactly one default', async () => {
  const [first] = await list();
  expect(first).toMatchObject({ name: 'default', isDefault: true, origins: [], hint: project.accessKey.slice(-4) });
  const second = await create({ name: 'backend' });
  expect(second.key).toHaveLength(project.accessKey.length);
  expect(second.accessKey).toMatchObject({ name: 'backend', isDefault: false, hint: second.key.slice(-4) });
  expect(await works(second.key)).toBe(true);
  const third = await create({ name: 'app', isDefault: true });
  expect((await list()).map((k: any) => [k.name, k.isDefault])).toEqual([
    ['default', false],
    ['backend', false],
    ['app', true],
  ]);
  const noDefault = await gql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { isDefault: false }) { id } }`, { id: third.accessKey.id });
  expect(noDefault.body.errors[0].extensions.code).toBe('NO_DEFAULT_KEY');
  const back = await data(`mutation($id: Int!) { updateAccessKey(id: $id, input: { isDefault: true, name: "main" }) { ${KEY} } }`, { id: first.id });
  expect(back.updateAccessKey).toMatchObject({ name: 'main', isDefault: true });
  expect((await list()).filter((k: any) => k.isDefault)).toHaveLength(1);
});

it('rotates a key: the new one works with the same name and flags, the old one is refused at once', async () => {
  const issued = await create({ name: 'rotating', origins: ['https://app.example.com'] });
  expect(await works(issued.key)).toBe(true);
  const rotated = (await data(`mutation($id: Int!) { rotateAccessKey(id: $id) { key accessKey { ${KEY} } } }`, { id: issued.accessKey.id })).rotateAccessKey;
  expect(rotated.key).not.toBe(issued.key);
  expect(rotated.accessKey).toMatchObject({ name: 'rotating', origins: ['https://app.example.com'], isDefault: false });
  expect((await useKey(issued.key)).body).toMatchObject({ error: 'AccessKeyNotFound', code: 1101, status: 401 });
  expect(await works(rotated.key)).toBe(true);
});

it('revokes a key (refused at once), passes a revoked default on, and never the last key', async () => {
  const other = await server.createProject('revoking');
  const asOther = bearer(other.bearerToken);
  const extra = (await server.graphql(`mutation { createAccessKey(input: { name: "extra" }) { key accessKey { id } } }`, {}, asOther)).body.data.createAccessKey;
  const [original] = (await server.graphql(`{ accessKeys { id isDefault } }`, {}, asOther)).body.data.accessKeys;
  // Another project's key reads as missing.
  const foreign = await gql(`mutation($id: Int!) { revokeAccessKey(id: $id) }`, { id: original.id });
  expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');
  const revoked = await server.graphql(`mutation($id: Int!) { revokeAccessKey(id: $id) }`, { id: original.id }, asOther);
  expect(revoked.body.data.revokeAccessKey).toBe(true);
  expect((await useKey(other.accessKey)).body).toMatchObject({ error: 'AccessKeyNotFound', status: 401 });
  expect((await server.graphql(`{ accessKeys { id isDefault } }`, {}, asOther)).body.data.accessKeys).toEqual([{ id: extra.accessKey.id, isDefault: true }]);
  const last = await server.graphql(`mutation($id: Int!) { revokeAccessKey(id: $id) }`, { id: extra.accessKey.id }, asOther);
  expect(last.body).toMatchObject({ data: { revokeAccessKey: null }, errors: [{ extensions: { code: 'AT_LEAST_ONE_KEY' } }] });
  expect(await works(extra.key)).toBe(true);
});

it('refuses a browser origin the key does not allow: RPC, published client and GraphQL', async () => {
  const limited = await create({ name: 'web', origins: ['https://app.example.com', 'HTTP://localhost:3000/'] });
  expect(limited.accessKey.origins).toEqual(['https://app.example.com', 'http://localhost:3000']);
  expect(await works(limited.key, 'https://app.example.com')).toBe(true);
  expect(await works(limited.key)).toBe(true); // no Origin: not a browser request
  const refused = await useKey(limited.key, 'https://evil.example');
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'InvalidOrigin', code: 1103, status: 403 });
  expect(refused.body.msg).toContain('https://evil.example');

  // The published client, as a page on another origin would send it. It takes `fetch` when it is loaded: load a copy
  // of it while fetch adds that page's Origin header.
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: 'https://evil.example' } })) as typeof fetch;
  let SequenceIndexer!: typeof SequenceIndexerClass;
  try {
    jest.isolateModules(() => {
      ({ SequenceIndexer } = require('@0xsequence/indexer'));
    });
  } finally {
    globalThis.fetch = realFetch;
  }
  const client = new SequenceIndexer(server.url, limited.key);
  await expect(client.getTokenBalances({ accountAddress: `0x${'11'.repeat(20)}` })).rejects.toMatchObject({ code: 1103, status: 403 });

  const viaGraphql = await server.graphql(`{ chains { chainId } }`, {}, { 'X-Access-Key': limited.key, Origin: 'https://evil.example' });
  expect(viaGraphql.body.errors[0].extensions.code).toBe('INVALID_ORIGIN');
  const bad = await gql(`mutation { createAccessKey(input: { origins: ["javascript:alert(1)"] }) { key } }`);
  expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'origins[0]' });
});

it('refuses more keys than the limit with MAX_ACCESS_KEYS, and keys without the project’s bearer token', async () => {
  const crowded = await server.createProject('crowded');
  const asCrowded = bearer(crowded.bearerToken);
  for (let i = 1; i < MAX_ACCESS_KEYS; i++) {
    const r = await server.graphql(`mutation { createAccessKey { accessKey { id } } }`, {}, asCrowded);
    expect(r.body.errors).toBeUndefined();
  }
  const over = await server.graphql(`mutation { createAccessKey { accessKey { id } } }`, {}, asCrowded);
  expect(over.body.errors[0].extensions.code).toBe('MAX_ACCESS_KEYS');
  expect((await server.graphql(`{ accessKeys { id } }`, {}, asCrowded)).body.data.accessKeys).toHaveLength(MAX_ACCESS_KEYS);
  const anonymous = await server.graphql(`{ accessKeys { id } }`);
  expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  const elsewhere = await server.graphql(`query($p: Int) { accessKeys(projectId: $p) { id } }`, { p: project.projectId }, asCrowded);
  expect(elsewhere.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
});

it('a key revoked on one replica is refused by another within seconds', async () => {
  const db = await createTestDatabase();
  const env = { ...db.env, CHAINS: '31337:seeded=http://127.0.0.1:9' };
  const a = await startTestServer(env, { index: false });
  const b = await startTestServer(env, { index: false });
  try {
    const p = await a.createProject('replicas');
    const spare = (await a.graphql(`mutation { createAccessKey { key } }`, {}, bearer(p.bearerToken))).body.data.createAccessKey.key;
    const onB = () => b.rpc('Indexer/GetTokenBalances', { accountAddress: `0x${'11'.repeat(20)}` }, { 'X-Access-Key': p.accessKey });
    expect((await onB()).status).not.toBe(401); // B now remembers the key
    const [first] = (await a.graphql(`{ accessKeys { id } }`, {}, bearer(p.bearerToken))).body.data.accessKeys;
    await a.graphql(`mutation($id: Int!) { revokeAccessKey(id: $id) }`, { id: first.id }, bearer(p.bearerToken));
    const revokedAt = Date.now();
    while ((await onB()).status !== 401) {
      expect(Date.now() - revokedAt).toBeLessThan(7_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await b.rpc('Indexer/GetTokenBalances', { accountAddress: `0x${'11'.repeat(20)}` }, { 'X-Access-Key': spare })).status).not.toBe(401);
  } finally {
    await a.stop();
    await b.stop();
    await db.drop();
  }
});

it('refuses a request costing more than its key’s ceiling before it runs, naming the cost', async () => {
  const capped = await create({ name: 'capped', maxQueryCost: 100 });
  expect(capped.accessKey).toMatchObject({ name: 'capped' });
  const listed = (await list()).find((k: any) => k.name === 'capped');
  expect((await data(`{ accessKeys { name maxQueryCost } }`)).accessKeys.find((k: any) => k.name === 'capped').maxQueryCost).toBe(100);
  const query = (first: number) => `{ tokenBalances(accountAddress: "0x${'11'.repeat(20)}", first: ${first}) { nodes { balance tokenId contractAddress } } }`;
  const small = await server.graphql(query(10), {}, { 'X-Access-Key': capped.key });
  expect(small.body.errors).toBeUndefined();
  const large = await server.graphql(query(100), {}, { 'X-Access-Key': capped.key });
  expect(large.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_COST_EXCEEDED', cost: 401, limit: 100 } });
  expect(large.body.errors[0].message).toContain('costs 401');
  expect(large.body.data).toBeUndefined();
  // Other keys have the server's ceiling; the RPC's own documents are not charged.
  expect((await server.graphql(query(100), {}, { 'X-Access-Key': project.accessKey })).body.errors).toBeUndefined();
  const viaRpc = await server.rpc('Indexer/GetTokenBalances', { accountAddress: `0x${'11'.repeat(20)}`, page: { pageSize: 100 } }, { 'X-Access-Key': capped.key });
  expect(viaRpc.status).toBe(200);
  // Back to the server's ceiling.
  await data(`mutation($id: Int!) { updateAccessKey(id: $id, input: { maxQueryCost: 0 }) { id } }`, { id: listed.id });
  expect((await server.graphql(query(100), {}, { 'X-Access-Key': capped.key })).body.errors).toBeUndefined();
});
