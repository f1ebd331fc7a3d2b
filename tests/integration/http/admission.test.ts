// One admission step on every route (graphql/admission.ts): the failed-credential throttle refuses failed attempts, not
// callers (a valid key or token from an address over the limit passes); wrong ADMIN_TOKEN guesses and wrong tokens on
// the upload route count toward it; credentials are checked before any body is read, on the asset upload route and
// the GraphQL multipart path alike (a refused upload is answered without its body); graphql-ws connections too.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const ADMIN_TOKEN = 'admission-test-admin-token-0123456789abcdef';
const LIMIT = 5;
const ACCOUNT = `0x${'11'.repeat(20)}`;
let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
let collectionId: number;
let assetDir: string;

beforeAll(async () => {
  assetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-admission-'));
  server = await startTestServer(
    {
      ADMIN_TOKEN,
      AUTH_FAILURE_LIMIT: String(LIMIT),
      AUTH_FAILURE_WINDOW_SECONDS: '60',
      TRUST_PROXY_HOPS: '1',
      ASSET_DIR: assetDir,
      ASSET_MAX_BYTES: String(20 * 1_048_576),
      // A chain whose node is not running: the calls below need credentials, not chain data.
      CHAINS: '31337:seeded=http://127.0.0.1:9',
    },
    { index: false },
  );
  project = await server.createProject('admission');
  const created = await server.graphql(`mutation { createCollection(input: { name: "Media" }) { id } }`, {}, bearer(project.bearerToken));
  collectionId = created.body.data.createCollection.id;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(assetDir, { recursive: true, force: true });
});

const from = (address: string) => ({ 'X-Forwarded-For': address });
const balances = (address: string, key: string) => server.rpc('Indexer/GetTokenBalances', { accountAddress: ACCOUNT }, { 'X-Access-Key': key, ...from(address) });
const createProject = (address: string, token: string) =>
  fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...bearer(token), ...from(address) },
    body: JSON.stringify({ query: 'mutation { createProject(name: "by the operator") { projectId } }' }),
  });
const uploadPath = () => `/projects/${project.projectId}/collections/${collectionId}/tokens/1/assets/image?filename=a.gif`;

it('refuses failed attempts past the limit, not the address: a valid key or token from it still gets through', async () => {
  const address = '203.0.113.10';
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 3; i++) statuses.push((await balances(address, `wrong-key-${i}`)).status);
  expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
  expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);

  // The valid key from the same address is served; GraphQL with the project's bearer token too.
  const good = await balances(address, project.accessKey);
  expect(good.status).toBe(200);
  const viaGraphql = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...bearer(project.bearerToken), ...from(address) },
    body: JSON.stringify({ query: '{ projects { id } }' }),
  });
  expect(await viaGraphql.json()).toEqual({ data: { projects: [{ id: project.projectId }] } });
  // A failed attempt is still refused, with RateLimited and Retry-After.
  const again = await balances(address, 'wrong-key-again');
  expect(again.status).toBe(429);
  expect(again.body).toMatchObject({ error: 'RateLimited' });
  expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
});

it('counts wrong ADMIN_TOKEN guesses toward the throttle, and the right token still passes', async () => {
  const address = '203.0.113.20';
  const codes: string[] = [];
  for (let i = 0; i < LIMIT + 3; i++) {
    const r = await createProject(address, `guessed-admin-token-${i}-0123456789abcdef`);
    codes.push((await r.json()).errors[0].extensions.code);
  }
  expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill('PERMISSION_DENIED'));
  expect(codes.slice(LIMIT)).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
  const right = await createProject(address, ADMIN_TOKEN);
  expect(right.status).toBe(200);
  expect((await right.json()).data.createProject.projectId).toBeGreaterThan(project.projectId);
});

it('counts wrong tokens on the upload route toward the throttle', async () => {
  const address = '203.0.113.30';
  const put = (token: string) => fetch(`${server.url}${uploadPath()}`, { method: 'PUT', headers: { ...bearer(token), ...from(address) }, body: new Uint8Array(16) });
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) statuses.push((await put(`not-a-token-${i}`)).status);
  expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  const limited = await put('not-a-token-either');
  expect(limited.status).toBe(429);
  expect(await limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
});

/** Sends only the headers of a large request (a body is announced, none is sent) and waits for the reply. */
const headersOnly = (urlPath: string, headers: Record<string, string>, method = 'PUT', length = 19 * 1_048_576) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${server.url}${urlPath}`, { method, headers: { 'Content-Length': String(length), ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no reply before the body was sent: the server waited for the body'));
    }, 5_000);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.flushHeaders();
  });

it('checks credentials before reading any body: the upload route and a GraphQL multipart request are refused unread', async () => {
  const asset = await headersOnly(uploadPath(), { 'Content-Type': 'image/gif', ...from('198.51.100.40') });
  expect(asset.status).toBe(401);
  expect(JSON.parse(asset.body)).toMatchObject({ error: 'UNAUTHORIZED' });
  const wrong = await headersOnly(uploadPath(), { 'Content-Type': 'image/gif', ...bearer('not-a-token'), ...from('198.51.100.41') });
  expect(wrong.status).toBe(401);
  const multipart = await headersOnly('/graphql', { 'Content-Type': 'multipart/form-data; boundary=xyz', ...from('198.51.100.42') }, 'POST');
  expect(JSON.parse(multipart.body).errors[0].extensions.code).toBe('UNAUTHORIZED');
  // A JSON POST from an address over the limit with a failing key: refused before its body too.
  for (let i = 0; i < LIMIT; i++) await balances('198.51.100.43', `wrong-${i}`);
  const json = await headersOnly('/graphql', { 'Content-Type': 'application/json', 'X-Access-Key': 'wrong', ...from('198.51.100.43') }, 'POST', 50_000);
  expect(json.status).toBe(429);
  expect(JSON.parse(json.body).errors[0].extensions.code).toBe('RATE_LIMITED');
  // The RPC, on its plain path and on a chain's base URL: refused before the body, in the webrpc form.
  for (const rpcPath of ['/rpc/Indexer/GetTokenBalances', '/chains/31337/rpc/Indexer/GetTokenBalances']) {
    const rpc = await headersOnly(rpcPath, { 'Content-Type': 'application/json', 'X-Access-Key': 'wrong', ...from('198.51.100.43') }, 'POST', 50_000);
    expect({ rpcPath, status: rpc.status, error: JSON.parse(rpc.body).error }).toEqual({ rpcPath, status: 429, error: 'RateLimited' });
  }
});

it('admits graphql-ws connections: a failing key from an address over the limit is closed, a valid one subscribes', async () => {
  const address = '203.0.113.50';
  for (let i = 0; i < LIMIT; i++) await balances(address, `wrong-ws-${i}`);
  const connect = (key: string) =>
    new Promise<{ closed?: number; connected?: boolean }>((resolve) => {
      const client = createClient({
        url: `ws://127.0.0.1:${server.port}/graphql`,
        webSocketImpl: class extends WebSocket {
          constructor(url: string, protocols: string | string[]) {
            super(url, protocols, { headers: from(address) });
          }
        },
        connectionParams: { 'X-Access-Key': key },
        retryAttempts: 0,
        lazy: false,
        on: {
          connected: () => {
            resolve({ connected: true });
            void client.dispose();
          },
          closed: (e) => resolve({ closed: (e as { code: number }).code }),
        },
        onNonLazyError: () => undefined,
      });
    });
  expect(await connect('wrong-ws-key')).toEqual({ closed: 4403 });
  expect(await connect(project.accessKey)).toEqual({ connected: true });
});

it('admits the routes that serve bytes too: hosted documents, files and the console refuse a failing key past the limit, and serve everyone else', async () => {
  const address = '203.0.113.60';
  for (let i = 0; i < LIMIT; i++) await balances(address, `wrong-bytes-${i}`);
  const documentPath = `/projects/${project.projectId}/collections/${collectionId}`;
  for (const urlPath of [documentPath, `${documentPath}/tokens/1/assets/1-000000000000/a.gif`, '/console']) {
    const refused = await fetch(`${server.url}${urlPath}`, { headers: { 'X-Access-Key': 'wrong-bytes-key', ...from(address) } });
    expect({ urlPath, status: refused.status }).toEqual({ urlPath, status: 429 });
    expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // The same address without a failing credential: the public document is served.
  const served = await fetch(`${server.url}${documentPath}`, { headers: from(address) });
  expect(served.status).toBe(200);
});

it('an admitted upload that the client abandons mid-way leaves no temporary file, and the next upload is stored', async () => {
  await server.graphql(`mutation($c: Int!) { createCollectionToken(collectionId: $c, token: { tokenId: "1", name: "One" }) { tokenId } }`, { c: collectionId }, bearer(project.bearerToken));
  const spooled = () => fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith('strata-upload-')).length;
  const before = spooled();
  await new Promise<void>((resolve) => {
    const req = http.request(`${server.url}${uploadPath()}`, { method: 'PUT', headers: { 'Content-Length': String(1_048_576), ...bearer(project.bearerToken) } });
    req.on('error', () => resolve());
    req.write(Buffer.alloc(100_000, 1), () => setTimeout(() => req.destroy(), 200));
    req.on('close', () => resolve());
  });
  await new Promise((r) => setTimeout(r, 300));
  expect(spooled()).toBeLessThanOrEqual(before);
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const stored = await fetch(`${server.url}${uploadPath()}`, { method: 'PUT', headers: bearer(project.bearerToken), body: new Uint8Array(gif) });
  expect(stored.status).toBe(201);
});
