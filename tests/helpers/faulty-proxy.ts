// A JSON-RPC HTTP proxy on 127.0.0.1 in front of a node that misbehaves on a share of calls, with seeded
// randomness: 502s, connection resets (before forwarding, or after the node answered), 429s, delays; and a pause
// that holds calls, so a client can be made to see two node states with nothing in between.
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
  /** Another plan for calls of some JSON-RPC methods. */
  methods?: Record<string, Omit<FaultPlan, 'methods' | 'script'>>;
  /** Outcomes of the first calls of a method, in order, before the shares apply (so a run surely meets them). */
  script?: Record<string, Fault[]>;
};

export type Fault = 'ok' | 'badGateway' | 'resetBefore' | 'resetAfter' | 'rateLimit' | 'delay';

export type FaultyProxy = {
  url: string;
  /** Calls per outcome, and per JSON-RPC method for the faulty ones. */
  stats: Record<Fault, number>;
  faultsByMethod: Map<string, number>;
  /** Replaces the plan (e.g. `{}` for a healthy node, `{ badGateway: 1 }` for an outage). */
  setPlan(plan: FaultPlan): void;
  /**
   * Holds calls from now on until resume() (only those of `methods`, when given): the client sees nothing of what
   * happens on the node meanwhile, then the state after it. Calls already forwarded complete normally.
   */
  pause(methods?: string[]): void;
  resume(): void;
  /** JSON-RPC methods of the calls being held. */
  held(): string[];
  close(): Promise<void>;
};

const ORDER: Array<Exclude<Fault, 'ok' | 'delay'>> = ['badGateway', 'resetBefore', 'resetAfter', 'rateLimit'];

export const startFaultyProxy = async (target: string, random: Random, initial: FaultPlan = {}): Promise<FaultyProxy> => {
  let plan = initial;
  const stats: Record<Fault, number> = { ok: 0, badGateway: 0, resetBefore: 0, resetAfter: 0, rateLimit: 0, delay: 0 };
  const faultsByMethod = new Map<string, number>();

  const scripted = new Map<string, number>();
  const choose = (method: string): { fault: Fault; maxDelayMs: number } => {
    const p = plan.methods?.[method] ?? plan;
    const maxDelayMs = p.maxDelayMs ?? 200;
    const script = plan.script?.[method] ?? [];
    const n = scripted.get(method) ?? 0;
    if (n < script.length) {
      scripted.set(method, n + 1);
      return { fault: script[n], maxDelayMs };
    }
    let r = random.next();
    for (const f of ORDER) {
      const share = p[f] ?? 0;
      if (r < share) return { fault: f, maxDelayMs };
      r -= share;
    }
    return { fault: random.chance(p.delay ?? 0) ? 'delay' : 'ok', maxDelayMs };
  };

  let paused: ((method: string) => boolean) | null = null;
  const waiting: Array<{ method: string; go: () => void }> = [];
  const methodOf = (body: Buffer) => {
    try {
      return String(JSON.parse(body.toString()).method ?? 'batch');
    } catch {
      return '?';
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const method = methodOf(body);
      if (paused?.(method)) await new Promise<void>((go) => waiting.push({ method, go }));
      const { fault, maxDelayMs } = choose(method);
      stats[fault]++;
      if (fault !== 'ok') {
        const key = `${method} ${fault}`;
        faultsByMethod.set(key, (faultsByMethod.get(key) ?? 0) + 1);
      }
      if (fault === 'badGateway') return void res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      if (fault === 'rateLimit') {
        return void res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: 429, message: 'Too Many Requests' } }));
      }
      if (fault === 'resetBefore') return void req.socket.destroy();
      if (fault === 'delay') await new Promise((r) => setTimeout(r, random.int(1, maxDelayMs)));
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
    pause: (methods) => void (paused = methods ? (m) => methods.includes(m) : () => true),
    resume: () => {
      paused = null;
      for (const w of waiting.splice(0)) w.go();
    },
    held: () => waiting.map((w) => w.method),
    close: () =>
      new Promise<void>((resolve) => {
        paused = null;
        for (const w of waiting.splice(0)) w.go();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
