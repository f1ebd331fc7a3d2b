// A JSON-RPC HTTP proxy on 127.0.0.1 in front of a node that misbehaves on a share of calls, with seeded
// randomness: 502s, connection resets (before forwarding, or after the node answered), 429s, delays.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Random } from './random';

export type FaultPlan = {
  /** Share of calls answered 502 Bad Gateway. */
  badGateway?: number;
  /** Share of calls whose connection is reset before they reach the node. */
  resetBefore?: number;
  /** Share of calls forwarded, then reset instead of answered (the node did the work; the answer is lost). */
  resetAfter?: number;
  /** Share of calls answered 429 Too Many Requests. */
  rateLimit?: number;
  /** Share of calls held back up to `maxDelayMs` before forwarding. */
  delay?: number;
  maxDelayMs?: number;
};

export type Fault = 'ok' | 'badGateway' | 'resetBefore' | 'resetAfter' | 'rateLimit' | 'delay';

export type FaultyProxy = {
  url: string;
  /** Calls per outcome, and per JSON-RPC method for the faulty ones. */
  stats: Record<Fault, number>;
  faultsByMethod: Map<string, number>;
  /** Replaces the plan (e.g. `{}` for a healthy node, `{ badGateway: 1 }` for an outage). */
  setPlan(plan: FaultPlan): void;
  close(): Promise<void>;
};

const ORDER: Array<Exclude<Fault, 'ok' | 'delay'>> = ['badGateway', 'resetBefore', 'resetAfter', 'rateLimit'];

export const startFaultyProxy = async (target: string, random: Random, initial: FaultPlan = {}): Promise<FaultyProxy> => {
  let plan = initial;
  const stats: Record<Fault, number> = { ok: 0, badGateway: 0, resetBefore: 0, resetAfter: 0, rateLimit: 0, delay: 0 };
  const faultsByMethod = new Map<string, number>();

  const choose = (): Fault => {
    let r = random.next();
    for (const f of ORDER) {
      const p = plan[f] ?? 0;
      if (r < p) return f;
      r -= p;
    }
    return random.chance(plan.delay ?? 0) ? 'delay' : 'ok';
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const fault = choose();
      stats[fault]++;
      if (fault !== 'ok') {
        let method = '?';
        try {
          method = JSON.parse(body.toString()).method ?? 'batch';
        } catch {
          /* not JSON: counted under '?' */
        }
        faultsByMethod.set(`${method} ${fault}`, (faultsByMethod.get(`${method} ${fault}`) ?? 0) + 1);
      }
      if (fault === 'badGateway') return void res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      if (fault === 'rateLimit') {
        return void res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: 429, message: 'Too Many Requests' } }));
      }
      if (fault === 'resetBefore') return void req.socket.destroy();
      if (fault === 'delay') await new Promise((r) => setTimeout(r, random.int(1, plan.maxDelayMs ?? 200)));
      try {
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await upstream.text();
        if (fault === 'resetAfter') return void req.socket.destroy();
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
      } catch {
        // The node itself went away: look like a gateway that lost its upstream.
        if (!res.headersSent) res.writeHead(502).end('upstream unreachable');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    faultsByMethod,
    setPlan: (p) => void (plan = p),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
