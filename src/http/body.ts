// Reads a request body with a size cap, so a huge upload cannot exhaust memory.
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {}

export const readBody = (req: IncomingMessage, maxBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      req.resume();
      return reject(new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError(`request body exceeds ${maxBytes} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
