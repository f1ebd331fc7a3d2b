// CORS: browsers call the RPC and GraphQL with custom headers, so preflights must be answered.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = 'Content-Type, Authorization, X-Access-Key, Webrpc, Accept';

export const applyCors = (req: IncomingMessage, res: ServerResponse) => {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'Webrpc');
};

export const answerPreflight = (req: IncomingMessage, res: ServerResponse) => {
  applyCors(req, res);
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
  });
  res.end();
};
