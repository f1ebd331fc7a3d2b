// Uploaded media of hosted collection tokens over plain HTTP: `PUT` (or `POST`) the file's bytes to
// /projects/<p>/collections/<c>/tokens/<t>/assets/<field>?filename=<name> with the project's bearer token, and `GET`
// it back by the immutable URL the upload answered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../domain/services';
import { isDomainError, type DomainError, type DomainErrorKind } from '../domain/errors';
import { graphqlCodeOf } from '../graphql/errors';
import { formatTimestamp } from '../graphql/scalars/timestamp';
import { admitOrRefuse, refuseUnread, type RequestAdmission } from './admit';
import type { SpooledFile } from '../domain/assets/service';
import { BodyTooLargeError } from './body';
import { sendJson } from './listener';
import { sendFile } from './send-file';

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
    await sendFile(req, res, {
      filesize: asset.filesize,
      etag: `"${asset.sha256}"`,
      headers: { 'Content-Type': asset.mimeType, 'Content-Disposition': `inline; filename="${asset.filename.replace(/[^\x20-\x7e]|"/g, '_')}"` },
      read: found.read,
    });
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
