// Reads an NDJSON response line by line (pings skipped), for stream tests.
import { PATIENCE_MS } from './patience';
export type NdjsonReader = {
  next(timeoutMs?: number): Promise<any>;
  close(): void;
  status: number;
  headers: Headers;
  /** Resolves when the stream ends, whether the server closed it, the connection broke, or close() was called. */
  ended: Promise<void>;
};

export const openNdjson = async (url: string, body: unknown, headers: Record<string, string>): Promise<NdjsonReader> => {
  const controller = new AbortController();
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal: controller.signal });
  const lines: any[] = [];
  const waiters: Array<(v: any) => void> = [];
  let buffer = '';
  const decoder = new TextDecoder();
  let ended: Promise<void> = Promise.resolve();
  if (res.body && res.headers.get('content-type') === 'application/x-ndjson') {
    ended = (async () => {
      const reader = res.body!.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let i: number;
          while ((i = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, i);
            buffer = buffer.slice(i + 1);
            if (!line.trim()) continue;
            const msg = JSON.parse(line);
            const w = waiters.shift();
            if (w) w(msg);
            else lines.push(msg);
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    ended,
    next(timeoutMs = PATIENCE_MS) {
      if (lines.length) return Promise.resolve(lines.shift());
      return new Promise((resolve, reject) => {
        const waiter = (v: any) => (clearTimeout(t), resolve(v));
        // A waiter that timed out leaves the queue, or it would swallow the next message.
        const t = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no NDJSON message in time (${timeoutMs} ms)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => controller.abort(),
  };
};
