// Credentials hold on every operation of a long-lived connection, not only at its start (#48): an access key revoked
// with the CLI (another process) ends the key's graphql-ws subscription and NDJSON stream and refuses it from then
// on, with Redis (the CLI's notice) and without (the server re-reads its streams' keys); a key's origin rule is
// applied to every graphql-ws operation, a plain query included, and a change of its origins refuses the next one;
// a bearer token revoked while its connection is open refuses that connection's next query and mutation with the
// code HTTP answers for it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import Redis from 'ioredis';
import { createClient, type Client } from 'graphql-ws';
import { accessKeyHash } from '../../../src/db';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { PATIENCE_MS } from '../../helpers/patience';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const REDIS_URL = 'redis://127.0.0.1:6379';
const CHAINS = '31337:seeded=http://127.0.0.1:9';
const CONTRACT = `0x${'44'.repeat(20)}`;
const CHAINS_QUERY = '{ chains { chainId } }';
const BALANCE_EVENTS = `subscription { balanceEvents(contractAddress: "${CONTRACT}") { balance } }`;

const clients: Client[] = [];
const readers: NdjsonReader[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of clients) await c.dispose();
  for (const r of readers) r.close();
  for (const c of cleanups.reverse()) await c();
});

/** A WebSocket whose upgrade request carries `origin`, as a browser's does (none: a server-side client). */
const socketFrom = (origin?: string): typeof WebSocket =>
  origin === undefined
    ? WebSocket
    : (class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { Origin: origin } });
        }
      } as typeof WebSocket);

/** One graphql-ws connection, opened at once and kept open (not lazy); `connections` counts how often it (re)connected. */
const connect = (port: number, connectionParams: Record<string, string>, origin?: string) => {
  let connections = 0;
  const client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: socketFrom(origin),
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: { connected: () => void connections++ },
  });
  clients.push(client);
  return { client, connections: () => connections };
};

type Result = { data?: any; errors?: any[] };
/** One query or mutation over the connection: its result, or its errors. */
const run = (client: Client, query: string, variables: Record<string, unknown> = {}, extensions?: Record<string, unknown>) =>
  new Promise<Result>((resolve, reject) => {
    let result: Result = {};
    client.subscribe(
      { query, variables, ...(extensions ? { extensions } : {}) },
      { next: (r) => void (result = r as Result), error: (e) => (Array.isArray(e) ? resolve({ errors: e }) : reject(e)), complete: () => resolve(result) },
    );
  });

/** A subscription over the connection; `ended` resolves with its errors (or 'complete') when the server ends it. */
const subscribe = (client: Client, query: string) => {
  let over = false;
  const ended = new Promise<any>((resolve) => {
    client.subscribe({ query }, { next: () => undefined, error: (e) => resolve(Array.isArray(e) ? e : { closed: (e as CloseEvent).code }), complete: () => resolve('complete') });
  }).finally(() => (over = true));
  // In an object: an async function returning the promise itself would wait for it.
  return { ended, isOver: () => over };
};

/** Resolves with `p`, or fails saying what it waited for after PATIENCE_MS. */
const patiently = <T>(p: Promise<T>, what: string) => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${PATIENCE_MS} ms`)), PATIENCE_MS))),
  ]);
};

/** Asks again (every 50 ms) until `done` holds of the answer; the last answer, or a failure naming it after PATIENCE_MS. */
const untilAnswer = async <T>(ask: () => Promise<T>, done: (answer: T) => boolean, what: string): Promise<T> => {
  const since = Date.now();
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() - since > PATIENCE_MS) throw new Error(`${what}: still ${JSON.stringify(answer)} after ${PATIENCE_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const codeOf = (r: Result) => r.errors?.[0]?.extensions?.code;

const post = async (url: string, body: unknown, headers: Record<string, string>) => {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

describe('a key revoked with `strata key revoke`, in another process than the server', () => {
  const execStrata = promisify(execFile);
  const CASES: Array<[string, Record<string, string>]> = [
    ['without Redis: the server finds it gone when it re-reads its streams’ keys', {}],
    ['with REDIS_URL: the CLI’s notice reaches the server, a `strata serve` process on the same database and Redis', { REDIS_URL }],
  ];

  it.each(CASES)('ends the key’s open subscription and NDJSON stream with AccessKeyNotFound and is refused from then on, %s', async (_name, extra) => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const env = { ...db.env, CHAINS, AUTH_FAILURE_LIMIT: '1000000', ...extra };
    const strata = async (...args: string[]) => JSON.parse((await execStrata(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env } })).stdout);

    const server: StrataProcess = await startStrata(['serve', '--no-index'], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' }, /"port":(\d+)/);
    cleanups.push(() => server.stop());
    const port = Number(/"port":(\d+)/.exec(server.output())![1]);
    const url = `http://127.0.0.1:${port}`;

    const { projectId } = await strata('project', 'create', '--name', 'revoked-by-the-cli');
    const project = ['--project', String(projectId)];
    const doomed = await strata('key', 'create', ...project, '--name', 'doomed');
    const kept = await strata('key', 'create', ...project, '--name', 'kept');
    const key = doomed.key as string;

    const balances = (k: string) => post(`${url}/rpc/Indexer/GetTokenBalances`, { accountAddress: CONTRACT }, { 'X-Access-Key': k });
    const ndjson = async (k: string) => {
      const s = await openNdjson(`${url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: CONTRACT }, { 'X-Access-Key': k });
      readers.push(s);
      expect(s.status).toBe(200);
      return s;
    };

    // Open with the key: an NDJSON stream (admitted: its 200 is written once its guard is set) and a graphql-ws
    // connection holding a subscription; a query over that connection answers. The kept key holds a stream too.
    const stream = await ndjson(key);
    let streamOver = false;
    void stream.ended.then(() => (streamOver = true));
    const keptStream = await ndjson(kept.key);
    let keptOver = false;
    void keptStream.ended.then(() => (keptOver = true));
    const ws = connect(port, { 'X-Access-Key': key });
    const subscription = subscribe(ws.client, BALANCE_EVENTS);
    expect((await run(ws.client, CHAINS_QUERY)).data).toEqual({ chains: [{ chainId: 31337 }] });
    expect(streamOver || subscription.isOver()).toBe(false);

    // With Redis the notice is seen on the deployment's channel of key notices, as the servers see it.
    const listener = extra.REDIS_URL ? new Redis(extra.REDIS_URL, { lazyConnect: true }) : null;
    const noticed = listener
      ? new Promise<string>((resolve) => {
          listener.on('pmessage', (_pattern, channel: string, message: string) => {
            if (message.includes(accessKeyHash(key))) resolve(channel);
          });
        })
      : null;
    if (listener) {
      cleanups.push(() => listener.quit());
      await listener.connect();
      await listener.psubscribe('strata:*:events:keys');
    }

    expect(await strata('key', 'revoke', ...project, '--id', String(doomed.accessKey.id))).toEqual({ revoked: doomed.accessKey.id });

    if (noticed) expect(await patiently(noticed, 'the CLI’s notice on Redis')).toMatch(/^strata:[^:]+:events:keys$/);
    expect(await stream.next()).toEqual({ webrpcError: expect.objectContaining({ error: 'AccessKeyNotFound', code: 1101, status: 401 }) });
    await patiently(stream.ended, 'the NDJSON stream’s end');
    expect(await patiently(subscription.ended, 'the subscription’s end')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/access key not found/), extensions: { code: 'ACCESS_KEY_NOT_FOUND' } }),
    ]);

    // Refused from then on (at once with the notice; once the server's 1 s cache of the key expires without it):
    // over the RPC, GraphQL over HTTP, the open connection (a query and a new subscription) and a new connection.
    expect((await untilAnswer(() => balances(key), (r) => r.status !== 200, 'the RPC with the revoked key')).body).toMatchObject({
      error: 'AccessKeyNotFound',
      code: 1101,
      status: 401,
    });
    const overHttp = await post(`${url}/graphql`, { query: CHAINS_QUERY }, { 'X-Access-Key': key });
    expect(overHttp.body.errors?.[0]?.extensions?.code).toBe('ACCESS_KEY_NOT_FOUND');
    expect(codeOf(await untilAnswer(() => run(ws.client, CHAINS_QUERY), (r) => !r.data?.chains, 'a query on the open connection'))).toBe('ACCESS_KEY_NOT_FOUND');
    expect(await patiently(subscribe(ws.client, BALANCE_EVENTS).ended, 'a new subscription’s refusal')).toEqual([
      expect.objectContaining({ extensions: { code: 'ACCESS_KEY_NOT_FOUND' } }),
    ]);
    expect(ws.connections()).toBe(1);
    const fresh = connect(port, { 'X-Access-Key': key });
    expect(codeOf(await run(fresh.client, CHAINS_QUERY))).toBe('ACCESS_KEY_NOT_FOUND');

    // The project's other key streams on and is served.
    expect(keptOver).toBe(false);
    expect((await balances(kept.key)).status).toBe(200);
    // The server took the notice for its own (signed with the deployment's events secret): it dropped none.
    expect(server.output()).not.toContain('dropped an event message');
  });
});

describe('graphql-ws operations with a key, its origins and a bearer token, on an open connection', () => {
  let server: TestServer;
  let owner: Record<string, string>;
  let projectId: number;

  beforeAll(async () => {
    server = await startTestServer({ CHAINS }, { index: false });
    cleanups.push(() => server.stop());
    const project = await server.createProject('credentials-everywhere');
    projectId = project.projectId;
    owner = bearer(project.bearerToken);
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = owner) => {
    const r = await server.graphql(query, variables, headers);
    return r.body as Result;
  };
  const keyWithOrigins = async (origins: string[]) => {
    const r = await gql(`mutation($origins: [String!]) { createAccessKey(input: { origins: $origins }) { key accessKey { id origins } } }`, { origins });
    expect(r.errors).toBeUndefined();
    expect(r.data.createAccessKey.accessKey.origins).toEqual(origins);
    return { id: r.data.createAccessKey.accessKey.id as number, key: r.data.createAccessKey.key as string };
  };

  const APP = 'https://app.example';
  const OTHER = 'https://other.example';

  it('applies a key’s origins to every operation, a plain query included, as HTTP does', async () => {
    const { key } = await keyWithOrigins([APP]);
    const onHttp = await gql(CHAINS_QUERY, {}, { 'X-Access-Key': key, Origin: OTHER });
    expect(codeOf(onHttp)).toBe('INVALID_ORIGIN');

    // The key in connection_init, from an origin it does not allow: every operation is refused.
    const foreign = connect(server.port, { 'X-Access-Key': key }, OTHER);
    for (const op of [CHAINS_QUERY, 'mutation { createAccessKey { key } }']) {
      const r = await run(foreign.client, op);
      expect(r.data?.chains ?? r.data?.createAccessKey ?? null).toBeNull();
      expect(codeOf(r)).toBe(codeOf(onHttp));
      expect(r.errors?.[0]?.message).toMatch(/origin https:\/\/other\.example is not allowed/);
    }
    expect(await patiently(subscribe(foreign.client, BALANCE_EVENTS).ended, 'the subscription’s refusal')).toEqual([
      expect.objectContaining({ extensions: { code: 'INVALID_ORIGIN' } }),
    ]);
    expect(foreign.connections()).toBe(1);

    // The key in the subscribe message (GraphiQL's Headers), from that origin: refused too. The origin is the upgrade
    // request's, whatever the payload says.
    const graphiql = connect(server.port, {}, OTHER);
    expect(codeOf(await run(graphiql.client, CHAINS_QUERY, {}, { headers: { 'X-Access-Key': key } }))).toBe('INVALID_ORIGIN');
    const claimed = connect(server.port, { 'X-Access-Key': key, Origin: APP }, OTHER);
    expect(codeOf(await run(claimed.client, CHAINS_QUERY))).toBe('INVALID_ORIGIN');

    // The allowed origin, and a client that is no browser (no Origin), are served.
    for (const origin of [APP, 'HTTPS://APP.EXAMPLE', undefined]) {
      const ok = connect(server.port, { 'X-Access-Key': key }, origin);
      expect(await run(ok.client, CHAINS_QUERY)).toEqual({ data: { chains: [{ chainId: 31337 }] } });
    }
  });

  it('refuses the next operation of an open connection once the key’s origins stop including its origin', async () => {
    const { id, key } = await keyWithOrigins([APP]);
    const ws = connect(server.port, { 'X-Access-Key': key }, APP);
    const subscription = subscribe(ws.client, BALANCE_EVENTS);
    expect(await run(ws.client, CHAINS_QUERY)).toEqual({ data: { chains: [{ chainId: 31337 }] } });

    const changed = await gql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { origins: ["${OTHER}"] }) { origins } }`, { id });
    expect(changed).toEqual({ data: { updateAccessKey: { origins: [OTHER] } } });

    const next = await run(ws.client, CHAINS_QUERY);
    expect(next.data?.chains ?? null).toBeNull();
    expect(codeOf(next)).toBe('INVALID_ORIGIN');
    expect(await patiently(subscription.ended, 'the subscription’s end')).toEqual([expect.objectContaining({ extensions: { code: 'INVALID_ORIGIN' } })]);

    // Allowed again: the same connection is served again.
    expect(await gql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { origins: ["${OTHER}", "${APP}"] }) { id } }`, { id })).toEqual({ data: { updateAccessKey: { id } } });
    expect(await run(ws.client, CHAINS_QUERY)).toEqual({ data: { chains: [{ chainId: 31337 }] } });
    expect(ws.connections()).toBe(1);
  });

  const VIEWER = '{ viewer { role projectId } }';
  const MUTATION = 'mutation { createAccessKey { key } }';
  const issue = async () => {
    const r = await gql(`mutation { issueBearerToken(label: "ws", days: 1) { token bearerToken { id } } }`);
    expect(r.errors).toBeUndefined();
    return { token: r.data.issueBearerToken.token as string, id: r.data.issueBearerToken.bearerToken.id as string };
  };
  /** A revoked token's next query and mutation on its connection: refused with the code HTTP answers for it, UNAUTHORIZED. */
  const expectRefused = async (client: Client, token: string) => {
    const codes: unknown[] = [];
    for (const op of [VIEWER, MUTATION]) {
      const onHttp = await gql(op, {}, bearer(token));
      const onWs = await run(client, op);
      expect(onWs.data?.viewer ?? onWs.data?.createAccessKey ?? null).toBeNull();
      expect(onWs.errors?.[0]?.message).toMatch(/revoked/);
      expect(codeOf(onWs)).toBe(codeOf(onHttp));
      codes.push(codeOf(onWs));
    }
    expect(codes).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
  };

  it('refuses the next query and mutation of an open connection once its bearer token is revoked, as HTTP does', async () => {
    const { token, id } = await issue();
    const ws = connect(server.port, bearer(token));
    expect((await run(ws.client, VIEWER)).data?.viewer).toEqual({ role: 'PROJECT', projectId });

    expect(await gql(`mutation($id: String!) { revokeBearerToken(id: $id) }`, { id })).toEqual({ data: { revokeBearerToken: true } });
    await expectRefused(ws.client, token);
    expect(ws.connections()).toBe(1);
  });

  it('refuses the next operation of a connection whose token revoked itself over that connection', async () => {
    const { token } = await issue();
    const ws = connect(server.port, bearer(token));
    expect((await run(ws.client, VIEWER)).data?.viewer).toEqual({ role: 'PROJECT', projectId });

    expect(await run(ws.client, `mutation($token: String!) { revokeBearerToken(token: $token) }`, { token })).toEqual({ data: { revokeBearerToken: true } });
    await expectRefused(ws.client, token);
    expect(ws.connections()).toBe(1);
  });
});
