// Credentials on an open graphql-ws connection are checked at every operation (#48): a bearer token that expires while
// the connection stays open answers SESSION_EXPIRED to the queries and mutations sent after its expiry, as the
// previous release did and as HTTP does.
import WebSocket from 'ws';
import jwt from 'jsonwebtoken';
import { createClient, type Client } from 'graphql-ws';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let projectId: number;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9' }, { index: false });
  const project = await server.createProject('ws-credentials');
  projectId = project.projectId;
});
afterAll(async () => {
  for (const c of clients) await c.dispose();
  await server?.stop();
});

/** A connection that presented `token` in connection_init. */
const connect = (token: string) => {
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: bearer(token), lazy: false });
  clients.push(client);
  return client;
};

/** One operation over the connection: its data, or its errors. */
const run = (client: Client, query: string) =>
  new Promise<{ data?: any; errors?: any[] }>((resolve, reject) => {
    let result: { data?: any; errors?: any[] } = {};
    client.subscribe({ query }, { next: (r) => void (result = r as typeof result), error: (e) => (Array.isArray(e) ? resolve({ errors: e }) : reject(e)), complete: () => resolve(result) });
  });

const VIEWER = '{ viewer { role projectId } }';
const MUTATION = 'mutation { createAccessKey { key } }';

it('an expired bearer token answers SESSION_EXPIRED to every later operation on the open connection', async () => {
  const token = server.app.services.auth.issueBearerToken(projectId, { expiresInSeconds: 2 });
  const client = connect(token);
  expect((await run(client, VIEWER)).data?.viewer).toEqual({ role: 'PROJECT', projectId });

  const { exp } = jwt.decode(token) as { exp: number };
  await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 100));
  for (const op of [VIEWER, MUTATION]) {
    const r = await run(client, op);
    expect(r.data?.createAccessKey).toBeFalsy();
    expect(r.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  }
});
