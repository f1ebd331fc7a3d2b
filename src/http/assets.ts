// Uploaded media of hosted collection tokens over plain HTTP: `PUT` (or `POST`) the file's bytes to
// /projects/<p>/collections/<c>/tokens/<t>/assets/<field>?filename=<name> with the project's bearer token, and `GET`
// it back by the immutable URL the upload answered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import parseRange from 'range-parser';
import type { Services } from '../domain/services';
import { isDomainError, type DomainError, type DomainErrorKind } from '../domain/errors';
import { graphqlCodeOf } from '../graphql/errors';
import { formatTimestamp } from '../graphql/scalars/timestamp';
import { admitOrRefuse, refuseUnread, type RequestAdmission } from './admit';
import type { SpooledFile } from '../domain/assets/service';
import { BodyTooLargeError } from './body';
import { sendJson } from './listener';

const UPLOAD = /^\/projects\/(\d{1,10})\/collections\/(\d{1,10})\/tokens\/(\d{1,78})\/assets\/([^/]{1,64})$/;
const FILE = /^\/projects\/(\d{1,10})\/collections\/(\d{1,10})\/tokens\/(\d{1,78})\/assets\/([^/]{1,40}\/[^/]{1,120})$/;

export const isAssetPath = (path: string) => UPLOAD.test(path) || FILE.test(path);

const STATUS: Partial<Record<DomainErrorKind, number>> = {
  InvalidArgument: 400,
  Unauthorized: 401,
  SessionExpired: 401,
  AccessKeyNotFound: 401,
  InvalidOrigin: 403,
  ProjectNotFound: 404,
  PermissionDenied: 403,
  NotFound: 404,
  RateLimited: 429,
  RateLimit: 429,
  QuotaExceeded: 429,
};

/**
 * Files are served so that they cannot act on Strata's origin: a sandboxed, script-less policy (an SVG opened
 * directly runs nothing), no type sniffing, and a file name for downloads.
 */
const FILE_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Accept-Ranges': 'bytes',
};

const replyOf = (err: DomainError) => ({ error: graphqlCodeOf(err.kind), message: err.message, ...(err.field ? { field: err.field } : {}) });

export const createAssetRoutes = ({ services, maxBytes, requests }: { services: Services; maxBytes: number; requests: RequestAdmission }) => {
  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown) => {
    // A client that went away mid-upload gets no reply, and is not a server error (nothing was kept).
    if (req.socket.destroyed && !req.complete) return;
    // The rest of a body over the cap is not read: the reply goes out and the connection closes.
    if (err instanceof BodyTooLargeError) return refuseUnread(req, res, 413, { error: 'FILE_TOO_LARGE', message: `the file is larger than the ${maxBytes}-byte limit` });
    if (!isDomainError(err)) throw err;
    sendJson(res, STATUS[err.kind] ?? 400, replyOf(err));
  };

  /** Admits the request (admission.ts) before anything of its body is read: true when admitted, else it was answered. */
  const admitted = (req: IncomingMessage, res: ServerResponse, needs?: { bearer: true }) =>
    admitOrRefuse(requests, req, res, { needs, statusOf: (err) => STATUS[err.kind] ?? 400 });

  const upload = async (req: IncomingMessage, res: ServerResponse, m: RegExpExecArray) => {
    // A bearer token is required and checked before the body is read: a refused upload is never held in memory, and a
    // wrong token counts toward the failed-credential throttle as on every other route.
    if (!(await admitted(req, res, { bearer: true }))) return;
    // The body streams to a temporary file as it arrives (size capped while reading), then to storage.
    let file: SpooledFile | undefined;
    try {
      const filename = new URL(req.url ?? '/', 'http://x').searchParams.get('filename') ?? '';
      // Streamed to a temporary file, the cap enforced while reading (and at once when Content-Length announces more).
      const tooLarge = () => new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`);
      if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
      file = await services.assets.receive(req, tooLarge);
      const asset = await services.assets.upload(requests.credentials(req), {
        projectId: Number(m[1]),
        collectionId: Number(m[2]),
        tokenId: BigInt(m[3]).toString(),
        metadataField: decodeURIComponent(m[4]),
        filename,
        bytes: file,
      });
      // Times as GraphQL and the RPC write them.
      sendJson(res, 201, { ...asset, updatedAt: formatTimestamp(asset.updatedAt) });
    } catch (err) {
      fail(req, res, err);
    } finally {
      await file?.discard();
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, m: RegExpExecArray) => {
    const where = { projectId: Number(m[1]), collectionId: Number(m[2]), tokenId: BigInt(m[3]).toString(), name: m[4] };
    const found = await services.assets.find(where);
    if (!found) return sendJson(res, 404, { error: 'not found' });
    const { asset } = found;
    const etag = `"${asset.sha256}"`;
    const headers = {
      ...FILE_HEADERS,
      'Content-Type': asset.mimeType,
      'Content-Disposition': `inline; filename="${asset.filename.replace(/[^\x20-\x7e]|"/g, '_')}"`,
      ETag: etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    const rangeHeader = req.headers.range;
    const ranges = rangeHeader ? parseRange(asset.filesize, rangeHeader, { combine: true }) : null;
    if (ranges === -1) {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${asset.filesize}` });
      return res.end();
    }
    // One range is served as asked; several (or a malformed header) get the whole file, as RFC 9110 allows.
    const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : null;
    const stream = await found.read(range ?? undefined);
    if (!stream) return sendJson(res, 404, { error: 'not found' });
    if (range) {
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${asset.filesize}`, 'Content-Length': range.end - range.start + 1 });
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': asset.filesize });
    }
    if (req.method === 'HEAD') {
      stream.destroy();
      return res.end();
    }
    // A storage read failing half-way (object store unreachable) or a client leaving ends this reply only.
    await pipeline(stream, res).catch(() => undefined);
  };

  /** True when the request was an asset route (and was answered). */
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const up = UPLOAD.exec(path);
    if (up && (req.method === 'PUT' || req.method === 'POST')) {
      await upload(req, res, up);
      return true;
    }
    const file = FILE.exec(path);
    if (file && (req.method === 'GET' || req.method === 'HEAD')) {
      // Public files: admitted as every request (a failing credential past the throttle's limit is refused; a key is charged).
      if (await admitted(req, res)) await serve(req, res, file);
      return true;
    }
    return false;
  };
};
