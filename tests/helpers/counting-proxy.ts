// A JSON-RPC HTTP proxy on 127.0.0.1 in front of a real node that records every call it forwards (method, first
// parameter, when it arrived and when it was answered), single calls and batches alike: how often a client asks the node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxiedCall = { method: string; arg: unknown; startedAt: number; endedAt: number | null };

export type CountingProxy = {
  url: string;
  /** Every call forwarded so far, in arrival order. */
  calls: ProxiedCall[];
  /** Calls of `method` (whose first parameter is `arg`, lower-cased when a string, when given). */
  count(method: string, arg?: (a: unknown) => boolean): number;
  /** Calls of `method` forwarded and not answered yet. */
  inFlight(method: string, arg?: (a: unknown) => boolean): number;
  close(): Promise<void>;
};

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

export const startCountingProxy = async (target: string): Promise<CountingProxy> => {
  const calls: ProxiedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let recorded: ProxiedCall[] = [];
      try {
        const parsed = JSON.parse(body) as unknown;
        const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ method?: unknown; params?: unknown }>;
        recorded = items.map((i) => ({
          method: String(i?.method),
          arg: Array.isArray(i?.params) ? lower(i.params[0]) : undefined,
          startedAt: Date.now(),
          endedAt: null,
        }));
      } catch {
        // Not JSON: forwarded as is, for the node to refuse.
      }
      calls.push(...recorded);
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        const text = await answer.text();
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(text);
      } catch {
        res.writeHead(502);
        res.end();
      } finally {
        const now = Date.now();
        for (const c of recorded) c.endedAt = now;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const matching = (method: string, arg?: (a: unknown) => boolean) => calls.filter((c) => c.method === method && (!arg || arg(c.arg)));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (method, arg) => matching(method, arg).length,
    inFlight: (method, arg) => matching(method, arg).filter((c) => c.endedAt === null).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
