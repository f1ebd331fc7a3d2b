// A JSON-RPC HTTP proxy on 127.0.0.1 in front of a node whose answers a test rewrites as it goes: the node that
// contradicts itself (#48) — a log served twice, two different logs at one index, a block answered `null`, a hash that
// stops existing, log indexes near 2^32. Every call goes to the node; the test's `rewrite` sees the request and the
// node's result and returns the result to send, or an error to answer with instead.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcCall = { method: string; params: unknown[] };
/** What to send for a call: the (possibly changed) result, or a JSON-RPC error. */
export type Rewritten = { result: unknown } | { error: { code: number; message: string } };
export type Rewrite = (call: RpcCall, result: unknown) => Rewritten | Promise<Rewritten>;

export type RewritingProxy = {
  url: string;
  /** Replaces the rewrite (`null`: pass everything through). */
  setRewrite(rewrite: Rewrite | null): void;
  /** Calls seen per JSON-RPC method. */
  calls: Map<string, number>;
  close(): Promise<void>;
};

type Request = { jsonrpc: string; id: unknown; method: string; params?: unknown[] };

export const startRewritingProxy = async (target: string): Promise<RewritingProxy> => {
  let rewrite: Rewrite | null = null;
  const calls = new Map<string, number>();

  const forward = async (req: Request): Promise<unknown> => {
    calls.set(req.method, (calls.get(req.method) ?? 0) + 1);
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
    const answer = (await upstream.json()) as { result?: unknown; error?: unknown };
    if (!rewrite || answer.error !== undefined) return answer;
    const out = await rewrite({ method: req.method, params: req.params ?? [] }, answer.result);
    return 'error' in out ? { jsonrpc: '2.0', id: req.id, error: out.error } : { jsonrpc: '2.0', id: req.id, result: out.result };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Request | Request[];
        const answer = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } catch {
        if (!res.headersSent) res.writeHead(502).end('upstream unreachable');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setRewrite: (r) => void (rewrite = r),
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
