// graphql-ws connections without valid credentials: closed a few seconds after they open (4401), and at most a few
// per address at once (4429); a connection that presented a valid key stays.
import WebSocket from 'ws';
import { DEFAULT_WS_GATE } from '../../../src/http/ws-gate';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({}, { index: false });
  key = (await server.createProject('ws gate')).accessKey;
});
afterAll(() => server?.stop());

type Opened = { ws: WebSocket; closed: Promise<{ code: number; at: number }>; acked: Promise<boolean> };

/** A graphql-ws connection sending connection_init with `payload`. */
const connect = (payload: Record<string, unknown>): Promise<Opened> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<{ code: number; at: number }>((r) => ws.once('close', (code) => r({ code, at: Date.now() })));
    const acked = new Promise<boolean>((r) => {
      ws.on('message', (data) => JSON.parse(String(data)).type === 'connection_ack' && r(true));
      ws.once('close', () => r(false));
    });
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'connection_init', payload }));
      resolve({ ws, closed, acked });
    });
    ws.once('error', reject);
  });

it('keeps a connection whose connection_init carries a valid key past the timeout', async () => {
  const c = await connect({ 'X-Access-Key': key });
  expect(await c.acked).toBe(true);
  await new Promise((r) => setTimeout(r, DEFAULT_WS_GATE.unauthenticatedMs + 1_000));
  expect(c.ws.readyState).toBe(WebSocket.OPEN);
  c.ws.close();
  await c.closed;
});

it('lets one address open many authenticated connections at once (only those without credentials are capped)', async () => {
  const many = await Promise.all(Array.from({ length: DEFAULT_WS_GATE.unauthenticatedPerAddress * 3 }, () => connect({ 'X-Access-Key': key })));
  expect(await Promise.all(many.map((c) => c.acked))).toEqual(many.map(() => true));
  for (const c of many) c.ws.close();
  await Promise.all(many.map((c) => c.closed));
});

it('caps connections without credentials per address, and closes them after the timeout', async () => {
  const opened: Opened[] = [];
  for (let i = 0; i < DEFAULT_WS_GATE.unauthenticatedPerAddress + 3; i++) opened.push(await connect({}));
  const start = Date.now();
  const results = await Promise.all(opened.map((c) => c.closed));
  const codes = results.map((r) => r.code);
  expect(codes.filter((c) => c === 4429)).toHaveLength(3);
  expect(codes.filter((c) => c === 4401)).toHaveLength(DEFAULT_WS_GATE.unauthenticatedPerAddress);
  // Closed at the timeout, not before, and not long after.
  for (const r of results.filter((x) => x.code === 4401)) {
    expect(r.at - start).toBeGreaterThan(DEFAULT_WS_GATE.unauthenticatedMs - 1_000);
    expect(r.at - start).toBeLessThan(DEFAULT_WS_GATE.unauthenticatedMs + 1_500);
  }
  // Once they are gone, the address may connect again.
  const again = await connect({ 'X-Access-Key': key });
  expect(await again.acked).toBe(true);
  again.ws.close();
});
