// The test kit's fault-injecting JSON-RPC proxy and seeded randomness, against a stub node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { seededRandom } from '../../helpers/random';
import { PATIENCE_MS } from '../../helpers/patience';

let node: http.Server;
let nodeUrl: string;
const served: string[] = [];
const proxies: FaultyProxy[] = [];

const call = async (url: string, method = 'eth_blockNumber') => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) });
  return { status: res.status, body: await res.text() };
};

const proxy = async (plan = {}) => {
  const p = await startFaultyProxy(nodeUrl, seededRandom(7), plan);
  proxies.push(p);
  return p;
};

beforeAll(async () => {
  node = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      served.push(JSON.parse(body).method);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x2a"}');
    });
  });
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await new Promise((r) => node.close(r));
});

it('passes calls through untouched with an empty plan', async () => {
  const p = await proxy();
  expect(await call(p.url)).toEqual({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x2a"}' });
  expect(p.stats.ok).toBe(1);
});

it('answers 502 and 429 without reaching the node', async () => {
  const before = served.length;
  expect((await call((await proxy({ badGateway: 1 })).url)).status).toBe(502);
  const limited = await call((await proxy({ rateLimit: 1 })).url);
  expect(limited.status).toBe(429);
  expect(JSON.parse(limited.body).error.code).toBe(429);
  expect(served.length).toBe(before);
});

it('resets the connection before forwarding, or after the node did the work', async () => {
  const before = served.length;
  await expect(call((await proxy({ resetBefore: 1 })).url)).rejects.toThrow();
  expect(served.length).toBe(before);
  const after = await proxy({ resetAfter: 1 });
  await expect(call(after.url, 'eth_sendRawTransaction')).rejects.toThrow();
  expect(served.slice(before)).toEqual(['eth_sendRawTransaction']);
  expect([...after.faultsByMethod]).toEqual([['eth_sendRawTransaction resetAfter', 1]]);
});

it('mixes faults in the planned shares', async () => {
  const p = await proxy({ badGateway: 0.2, rateLimit: 0.2, delay: 0.5, maxDelayMs: 2 });
  const statuses = await Promise.all(Array.from({ length: 200 }, () => call(p.url).then((r) => r.status)));
  const share = (s: number) => statuses.filter((x) => x === s).length / statuses.length;
  expect(share(502)).toBeGreaterThan(0.1);
  expect(share(429)).toBeGreaterThan(0.1);
  expect(share(200)).toBeGreaterThan(0.45);
  expect(p.stats.delay).toBeGreaterThan(20);
});

it('holds the paused methods until resume, letting the others through', async () => {
  const p = await proxy();
  p.pause(['eth_blockNumber']);
  const held = call(p.url, 'eth_blockNumber');
  expect((await call(p.url, 'eth_chainId')).status).toBe(200);
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && !p.held().length; ) await new Promise((r) => setTimeout(r, 5));
  expect(p.held()).toEqual(['eth_blockNumber']);
  p.resume();
  expect((await held).status).toBe(200);
  expect(p.held()).toEqual([]);
});

it('replays the same sequence for the same seed', () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const seq = (r: typeof a) => Array.from({ length: 20 }, () => r.int(0, 1_000));
  expect(seq(a)).toEqual(seq(b));
  expect(seq(seededRandom(43))).not.toEqual(seq(seededRandom(42)));
});
