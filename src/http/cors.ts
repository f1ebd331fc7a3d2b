// CORS: browsers call the RPC and GraphQL with custom headers, so preflights must be answered.
// CORS_ORIGINS decides who may read replies: '*' (any origin, never with credentials — Strata uses
// headers, not cookies) or an explicit list, where only a listed Origin is echoed back. Arbitrary
// origins are never reflected, and `null` (sandboxed frames, file: pages) is never listed.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = 'Content-Type, Authorization, X-Access-Key, Webrpc, Accept';

export type Cors = {
  apply(req: IncomingMessage, res: ServerResponse): void;
  answerPreflight(req: IncomingMessage, res: ServerResponse): void;
};

export const createCors = (origins: '*' | readonly string[]): Cors => {
  const listed = new Set(origins === '*' ? [] : origins);
  /** The Access-Control-Allow-Origin value for this request, or null: not allowed. */
  const allowOrigin = (req: IncomingMessage): string | null => {
    if (origins === '*') return '*';
    const origin = req.headers.origin;
    return origin && listed.has(origin) ? origin : null;
  };
  const apply = (req: IncomingMessage, res: ServerResponse) => {
    // The reply depends on Origin whenever a list is in force, allowed or not (shared caches).
    if (origins !== '*') res.setHeader('Vary', 'Origin');
    const allowed = allowOrigin(req);
    if (!allowed) return;
    res.setHeader('Access-Control-Allow-Origin', allowed);
    // Pages may read when to retry and what is left of their key's rate and quota.
    res.setHeader('Access-Control-Expose-Headers', 'Webrpc, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Quota-Limit, Quota-Remaining, Quota-Reset');
  };
  return {
    apply,
    answerPreflight(req, res) {
      apply(req, res);
      // A refused origin gets a bare 204: the browser then blocks the call.
      if (!allowOrigin(req)) return void res.writeHead(204).end();
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
        'Access-Control-Max-Age': '86400',
      });
      res.end();
    },
  };
};
