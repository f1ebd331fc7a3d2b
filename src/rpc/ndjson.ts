// NDJSON server streams (webrpc Subscribe*): headers, immediate ping, heartbeats, one JSON line per message.
import type { ServerResponse } from 'node:http';
import type { WebrpcError } from './errors';

export type NdjsonOptions = {
  /** Heartbeat interval; the published clients give up after 11 s of silence. */
  keepAliveMs?: number;
  /** A client that stops reading is dropped once this many bytes wait in the socket buffer. */
  maxBufferedBytes?: number;
  webrpcHeader?: string;
  /** More headers for the reply (the access key's rate and quota). */
  headers?: Readonly<Record<string, string>>;
  /** The resume cursor a failure carries (a server shutting down), sent as `cursor` beside the final `webrpcError`. */
  resumeCursorOf?: (err: unknown) => string | null;
};

export type NdjsonResult = 'ended' | 'client-closed' | 'slow-client' | 'failed';

/**
 * Pipes `source` to `res` as NDJSON. Ends with a `{"webrpcError":…}` line if `source` throws (`toError` maps the
 * failure; with a resume cursor: `{"webrpcError":…,"cursor":…}`, the field every message carries its cursor in).
 * Returns how the stream finished; never throws.
 */
export const streamNdjson = async (
  res: ServerResponse,
  source: AsyncIterable<Record<string, unknown>>,
  toError: (err: unknown) => WebrpcError,
  opts: NdjsonOptions = {},
): Promise<NdjsonResult> => {
  const keepAliveMs = opts.keepAliveMs ?? 10_000;
  const maxBuffered = opts.maxBufferedBytes ?? 1_048_576;
  const iterator = source[Symbol.asyncIterator]();
  let finished: NdjsonResult | null = null;
  const stop = (why: NdjsonResult) => {
    if (finished) return;
    finished = why;
    // Unblocks a pending `next()` so the source releases its subscription.
    void iterator.return?.();
  };

  res.writeHead(200, {
    'Content-Type': 'application/x-ndjson',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
    ...(opts.webrpcHeader ? { Webrpc: opts.webrpcHeader } : {}),
    ...opts.headers,
  });
  res.flushHeaders();
  res.on('close', () => stop('client-closed'));

  const write = (chunk: string) => {
    if (finished) return;
    if (res.writableLength > maxBuffered) {
      stop('slow-client');
      res.destroy();
      return;
    }
    res.write(chunk);
  };

  write('\n');
  const heartbeat = setInterval(() => write('\n'), keepAliveMs);
  heartbeat.unref();
  try {
    for (;;) {
      const next = await iterator.next();
      if (finished) break;
      if (next.done) {
        stop('ended');
        break;
      }
      write(`${JSON.stringify(next.value)}\n`);
    }
  } catch (err) {
    if (!finished) {
      const cursor = opts.resumeCursorOf?.(err) ?? null;
      write(`${JSON.stringify({ webrpcError: toError(err), ...(cursor ? { cursor } : {}) })}\n`);
      finished = 'failed';
    }
  } finally {
    clearInterval(heartbeat);
    if (!res.destroyed) res.end();
  }
  return finished ?? 'ended';
};
