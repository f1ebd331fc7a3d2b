// The NDJSON stream mechanism behind Subscribe*: framing, heartbeats, errors, slow and vanished clients.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamNdjson, type NdjsonResult } from '../../../src/rpc/ndjson';
import { internalError } from '../../../src/rpc/errors';
import { PATIENCE_MS } from '../../helpers/patience';

type Source = () => AsyncIterable<Record<string, unknown>>;

const serve = async (source: Source, opts: Parameters<typeof streamNdjson>[3] = {}) => {
  const results: NdjsonResult[] = [];
  const server = http.createServer((_req, res) => {
    void streamNdjson(res, source(), () => internalError(), opts).then((r) => results.push(r));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, results, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('sends headers, an immediate ping, one line per message, heartbeats, then ends', async () => {
  const s = await serve(async function* () {
    yield { balance: { n: 1 } };
    await sleep(120);
    yield { balance: { n: 2 } };
  }, { keepAliveMs: 50 });
  const res = await fetch(s.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/x-ndjson');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const text = await res.text();
  expect(text.startsWith('\n')).toBe(true);
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  expect(lines).toEqual([{ balance: { n: 1 } }, { balance: { n: 2 } }]);
  // at least one heartbeat between the two messages
  expect(text.split('\n').length - 1).toBeGreaterThan(3);
  await s.close();
  expect(s.results).toEqual(['ended']);
});

it('ends with a webrpcError line when the source fails', async () => {
  const s = await serve(async function* () {
    yield { log: { id: 1 } };
    throw new Error('database went away');
  });
  const text = await (await fetch(s.url)).text();
  const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  expect(lines[0]).toEqual({ log: { id: 1 } });
  expect(lines[1]).toEqual({ webrpcError: { error: 'WebrpcInternalError', code: -7, msg: 'internal error', message: 'internal error', status: 500 } });
  expect(text).not.toContain('database went away');
  await s.close();
  expect(s.results).toEqual(['failed']);
});

it('releases the source when the client goes away', async () => {
  let released = false;
  const s = await serve(async function* () {
    try {
      for (let i = 0; ; i++) {
        yield { n: i };
        await sleep(10);
      }
    } finally {
      released = true;
    }
  });
  const controller = new AbortController();
  const res = await fetch(s.url, { signal: controller.signal });
  const reader = res.body!.getReader();
  await reader.read();
  controller.abort();
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && !released; ) await sleep(20);
  expect(released).toBe(true);
  await s.close();
  expect(s.results).toEqual(['client-closed']);
});

it('drops a client that stops reading once its buffer passes the bound', async () => {
  const big = 'x'.repeat(64 * 1024);
  const s = await serve(async function* () {
    for (let i = 0; i < 10_000; i++) {
      yield { blob: big };
      await sleep(0);
    }
  }, { maxBufferedBytes: 256 * 1024 });
  // A raw socket that never reads its receive buffer.
  const net = await import('node:net');
  const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1');
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  socket.pause();
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && s.results.length === 0; ) await sleep(50);
  socket.destroy();
  expect(s.results).toEqual(['slow-client']);
  await s.close();
});
