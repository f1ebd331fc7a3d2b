// Public metadata documents of hosted collections: what `baseURIs` point at.
import type { ServerResponse } from 'node:http';
import type { Services } from '../domain/services';

const CONTRACT = /^\/projects\/(\d{1,10})\/collections\/(\d{1,10})(?:\.json)?$/;
const TOKEN = /^\/projects\/(\d{1,10})\/collections\/(\d{1,10})\/tokens\/(\d{1,78})(?:\.json)?$/;

export const isHostedDocumentPath = (path: string) => path.startsWith('/projects/');

/** Private collections and tokens answer 404 exactly like missing ones, so their existence does not leak. */
export const serveHostedDocument = async (services: Services, path: string, res: ServerResponse) => {
  let doc: Record<string, unknown> | null = null;
  const c = CONTRACT.exec(path);
  const t = TOKEN.exec(path);
  if (c) doc = await services.collections.contractDocument(Number(c[1]), Number(c[2]));
  else if (t) doc = await services.collections.tokenDocument(Number(t[1]), Number(t[2]), BigInt(t[3]).toString());
  if (!doc) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' });
  res.end(JSON.stringify(doc));
};
