// Reads a request body with a size cap, so a huge upload cannot exhaust memory; and drains what a refused request still
// sends, so its answer reaches the client: a reply written while the client is still sending, followed by the socket
// closing, reaches it as a connection reset (EPIPE) instead of the error.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {}

/**
 * How much of a refused body is read and dropped before answering. Past it the answer goes out with the connection
 * closed after it (a client still sending may then see a reset): reading gigabytes to be polite is not worth it.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Requests whose body was given up on (past DRAIN_MAX_BYTES): not drained a second time. */
const abandoned = new WeakSet<IncomingMessage>();

/**
 * Reads and drops the rest of a request's body (at most `maxBytes` more): true when all of it arrived, false when the
 * client went away or sends more than that. Bytes are counted, never kept.
 */
export const drainBody = (req: IncomingMessage, maxBytes = DRAIN_MAX_BYTES): Promise<boolean> =>
  new Promise((resolve) => {
    if (req.complete || req.readableEnded) return resolve(true);
    if (req.destroyed || abandoned.has(req)) return resolve(false);
    let size = 0;
    const done = (ok: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      if (!ok) {
        abandoned.add(req);
        req.pause();
      }
      resolve(ok);
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) done(false);
    };
    const onEnd = () => done(true);
    const onGone = () => done(req.complete);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('close', onGone);
    req.resume();
  });

/**
 * Before an answer that does not need the body (an error): drains it, and when it could not be drained marks the reply
 * to close the connection after it, so a keep-alive client does not send its next request into the rest of this body.
 */
export const settleBody = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
  if (await drainBody(req)) return;
  res.shouldKeepAlive = false;
  if (!res.headersSent) res.setHeader('Connection', 'close');
};

export const readBody = (req: IncomingMessage, maxBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const tooLarge = () => new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`);
    const declared = Number(req.headers['content-length'] ?? 0);
    // Refused by its declared length at once: the rest is drained (within DRAIN_MAX_BYTES) before the error is answered.
    if (declared > maxBytes) return void drainBody(req).then(() => reject(tooLarge()));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        void drainBody(req).then(() => reject(tooLarge()));
        return;
      }
      chunks.push(c);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
