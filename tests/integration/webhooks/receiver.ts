// A real local webhook receiver: a node http server on 127.0.0.1 that records every POST (path, headers, body) and
// answers as each path's behaviour says; it can go down and come back on the same port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { path: string; id: string; timestamp: string; signature: string; body: string };
/** What to answer the n-th request (from 0) of a path. */
export type Behaviour = (n: number, req: http.IncomingMessage) => { status: number; headers?: Record<string, string>; delayMs?: number; body?: string };

export type Receiver = {
  port: number;
  url(path: string): string;
  received: Received[];
  /** Requests of `path` that arrived so far (answered or not). */
  requests(path: string): number;
  setBehaviour(path: string, b: Behaviour): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** Server settings that let deliveries reach `r` and go out (and be retried) within tens of milliseconds. */
export const fastDeliveriesTo = (r: Pick<Receiver, 'port'>) => ({ WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${r.port}`, WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_POLL_MS: '20' });

export const startReceiver = async (port = 0): Promise<Receiver> => {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const ok: Behaviour = () => ({ status: 200 });
      const answer = (behaviours.get(path) ?? ok)(n, req);
      const respond = () => {
        if (answer.status >= 200 && answer.status < 300) {
          received.push({
            path,
            id: String(req.headers['webhook-id']),
            timestamp: String(req.headers['webhook-timestamp']),
            signature: String(req.headers['webhook-signature']),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        }
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  };
  let server: http.Server | null = null;
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const s = http.createServer(handler);
      s.on('connection', (sock) => {
        sockets.add(sock);
        sock.on('close', () => sockets.delete(sock));
      });
      s.once('error', reject);
      s.listen(p, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      s.close(() => resolve());
    });
  const bound = await listen(port);
  return {
    port: bound,
    url: (path) => `http://127.0.0.1:${bound}${path}`,
    received,
    requests: (path) => counts.get(path) ?? 0,
    setBehaviour: (path, b) => void behaviours.set(path, b),
    down: stop,
    up: async () => void (await listen(bound)),
    close: stop,
  };
};

/** Verifies every delivery of `path` with the listener's secret; returns the distinct deliveries (by webhook-id) in arrival order. */
export const verifiedDeliveries = (r: Receiver, path: string, secret: string): Array<{ id: string; body: any }> => {
  const wh = new Webhook(secret);
  const seen = new Map<string, any>();
  for (const d of r.received.filter((x) => x.path === path)) {
    const body = wh.verify(d.body, { 'webhook-id': d.id, 'webhook-timestamp': d.timestamp, 'webhook-signature': d.signature }) as any;
    if (!seen.has(d.id)) seen.set(d.id, body);
  }
  return [...seen.entries()].map(([id, body]) => ({ id, body }));
};
