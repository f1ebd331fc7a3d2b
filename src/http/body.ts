// Reads a request body with a size cap, so a huge upload cannot exhaust memory.
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {}

/**
 * How much of a body past its cap is still read (and dropped) before the refusal is answered: an answer written while
 * the client is still sending, with the socket closed after it, reaches the client as a connection reset (EPIPE)
 * instead of the error. Past this the refusal goes out at once: reading gigabytes to be polite is not worth it. Only
 * bodies of admitted requests get here; a request refused for its credentials is answered unread (server.ts).
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

export const readBody = (req: IncomingMessage, maxBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // Once past the cap, the body's end refuses instead of resolving.
    let refused = false;
    const tooLarge = () => new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`);
    /** Drops the rest of the body, then refuses; at once when there is more of it than DRAIN_MAX_BYTES. */
    const refuseAfterDraining = (pending: number) => {
      refused = true;
      req.removeAllListeners('data');
      if (pending > DRAIN_MAX_BYTES) {
        req.resume();
        return reject(tooLarge());
      }
      let dropped = 0;
      const done = () => reject(tooLarge());
      req.on('data', (c: Buffer) => {
        dropped += c.length;
        if (dropped > DRAIN_MAX_BYTES) done();
      });
      req.once('end', done);
      req.once('close', done);
      req.resume();
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) return refuseAfterDraining(declared);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) return refuseAfterDraining(Number.isFinite(declared) && declared > 0 ? declared - size : 0);
      chunks.push(c);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
