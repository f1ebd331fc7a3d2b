// Cached token media (#43): GET /media/<sha256> (the stored file: an SVG sanitised, anything else as fetched) and
// /media/<sha256>/<size> (a 128 or 512 px WebP thumbnail). Public like the documents that name them, immutable (the
// path names the content), one byte range per request (video and audio), under the sandboxed file policy of send-file.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../domain/services';
import { admitOrRefuse, type RequestAdmission } from './admit';
import { sendJson } from './listener';
import { sendFile } from './send-file';

const MEDIA = /^\/media\/([0-9a-f]{64})(?:\/(\d{1,4}))?$/;

export const isMediaPath = (path: string) => path.startsWith('/media/');

export const createMediaRoute = ({ services, requests }: { services: Pick<Services, 'media'>; requests: RequestAdmission }) =>
  async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'only GET and HEAD' });
    const m = MEDIA.exec(path);
    if (!m) return sendJson(res, 404, { error: 'not found: media paths are /media/<sha256> or /media/<sha256>/<128|512>' });
    if (!(await admitOrRefuse(requests, req, res))) return;
    const file = await services.media.open(m[1], m[2] === undefined ? undefined : Number(m[2]));
    if (!file) return sendJson(res, 404, { error: 'not found' });
    await sendFile(req, res, {
      filesize: file.filesize,
      etag: `"${file.sha256}${m[2] ? `-${m[2]}` : ''}"`,
      headers: { 'Content-Type': file.mimeType, 'Content-Disposition': 'inline' },
      read: file.read,
    });
  };
