// One fixed body (a page, a script bundle) served as a browser expects: compressed as it prefers (br or gzip, each
// compressed once, on first use), with an ETag so a revisit costs a 304.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip' | null;

/** The encoding the client prefers among br and gzip (q-values honoured), or null for none. */
const pickEncoding = (acceptEncoding: string | undefined): Encoding => {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
};

export type StaticBody = { etag: string; serve(req: IncomingMessage, res: ServerResponse): void };

export const createStaticBody = (content: Buffer, contentType: string, extraHeaders: Record<string, string> = {}): StaticBody => {
  const etag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
  const bodies = new Map<Encoding, Buffer>([[null, content]]);
  const bodyFor = (encoding: Encoding): Buffer => {
    let body = bodies.get(encoding);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(content, { level: 9 });
      bodies.set(encoding, body);
    }
    return body;
  };
  return {
    etag,
    serve(req, res) {
      const common = {
        'Content-Type': contentType,
        ETag: etag,
        // Revalidated on each visit (a new Strata version serves a new body), answered by a 304 while it is the same.
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
        ...extraHeaders,
      };
      const match = (req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
      if (match) {
        res.writeHead(304, common);
        res.end();
        return;
      }
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = bodyFor(encoding);
      res.writeHead(200, { ...common, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
};
