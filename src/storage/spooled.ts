// An upload received as a stream: written to a temporary file as it arrives, its size capped while reading, hashed on
// the way, and its first bytes kept for sniffing its type and dimensions. Memory per upload stays at its head (the
// 512 KB image-size itself reads from a file) plus the stream's chunks, whatever the file's size; storage then moves
// or streams the file to its place (local.ts, s3.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes kept in memory from the start of a file: enough for file-type's magic numbers and image-size's headers. */
export const HEAD_BYTES = 512 * 1024;

export type SpooledFile = {
  /** Its size in bytes. */
  size: number;
  /** Its first bytes (at most HEAD_BYTES). */
  head: Buffer;
  /** SHA-256 of the whole file, hex. */
  sha256: string;
  /** The temporary file holding it. */
  path: string;
  /** Removes the temporary file (storage copied it, or the upload was refused). */
  discard(): Promise<void>;
};

export const isSpooledFile = (v: Buffer | SpooledFile): v is SpooledFile => !Buffer.isBuffer(v);

/**
 * Writes `source` to a temporary file (0600, in a private directory of the system's temp dir); rejects with
 * `tooLarge()` as soon as more than `maxBytes` arrive, leaving nothing behind.
 */
export const spoolStream = async (source: Readable, maxBytes: number, tooLarge: () => Error): Promise<SpooledFile> => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'strata-upload-'));
  const file = path.join(dir, 'body');
  const discard = () => fs.promises.rm(dir, { recursive: true, force: true });
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const hash = crypto.createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (err: Error) => {
        source.off('data', onData);
        source.off('end', onEnd);
        // What is still arriving is left unread (not buffered): the caller answers and closes the connection.
        source.pause();
        reject(err);
      };
      const onData = (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) return stop(tooLarge());
        hash.update(c);
        if (headSize < HEAD_BYTES) {
          const part = c.subarray(0, HEAD_BYTES - headSize);
          head.push(part);
          headSize += part.length;
        }
        // Back-pressure: a slow disk slows the reading instead of filling memory.
        if (!out.write(c)) {
          source.pause();
          out.once('drain', () => source.resume());
        }
      };
      let ended = false;
      const onEnd = () => {
        ended = true;
        out.end((err?: Error | null) => (err ? reject(err) : resolve()));
      };
      source.on('data', onData);
      source.once('end', onEnd);
      source.once('error', stop);
      // A client that goes away mid-upload leaves no half file and no pending upload.
      source.once('close', () => ended || stop(new Error('the upload was interrupted')));
      out.once('error', stop);
    });
  } catch (err) {
    out.destroy();
    await discard();
    throw err;
  }
  return { size, head: Buffer.concat(head), sha256: hash.digest('hex'), path: file, discard };
};
