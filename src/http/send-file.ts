// Sends a stored, immutable file: ETag and 304, one byte range (206 with Content-Range, 416 when unsatisfiable), HEAD,
// and a storage read failing half-way ending that reply only. The uploaded assets' route and the media route use it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import parseRange from 'range-parser';
import { sendJson } from './listener';

/**
 * Files are served so that they cannot act on Strata's origin: a sandboxed, script-less policy (an SVG opened
 * directly runs nothing), no type sniffing, cached for good (a file's URL names its content).
 */
export const FILE_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Accept-Ranges': 'bytes',
};

export type StoredFile = {
  filesize: number;
  etag: string;
  headers: Record<string, string>;
  read(range?: { start: number; end: number }): Promise<Readable | null>;
};

export const sendFile = async (req: IncomingMessage, res: ServerResponse, file: StoredFile): Promise<void> => {
  const headers = { ...FILE_HEADERS, ...file.headers, ETag: file.etag };
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const rangeHeader = req.headers.range;
  const ranges = rangeHeader ? parseRange(file.filesize, rangeHeader, { combine: true }) : null;
  if (ranges === -1) {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${file.filesize}` });
    return void res.end();
  }
  // One range is served as asked; several (or a malformed header) get the whole file, as RFC 9110 allows.
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : null;
  const stream = await file.read(range ?? undefined);
  if (!stream) return sendJson(res, 404, { error: 'not found' });
  if (range) {
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.filesize}`, 'Content-Length': range.end - range.start + 1 });
  } else {
    res.writeHead(200, { ...headers, 'Content-Length': file.filesize });
  }
  if (req.method === 'HEAD') {
    stream.destroy();
    return void res.end();
  }
  // A storage read failing half-way (object store unreachable) or a client leaving ends this reply only.
  await pipeline(stream, res).catch(() => undefined);
};
