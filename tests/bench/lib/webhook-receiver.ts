// Forked receiver side of the webhooks benchmark: one HTTP server taking every listener's POSTs (204 at once), each
// arrival stamped on the shared monotonic clock before its body is parsed; reports per block and listener when the
// block's first event arrived, and the POST and item counts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowMs } from './stats';
import { emit, serveWorker } from './worker';

type Item = { kind: string; event?: { blockNumber?: number } };

/** block → listener → first arrival (monotonic ms). */
const arrivals = new Map<number, Map<number, number>>();
/** block → how many listeners must have it before it is announced. */
const expected = new Map<number, number>();
const stamps: number[] = [];
let posts = 0;
let items = 0;
let events = 0;
let bad = 0;
let server: http.Server | null = null;

const record = (listenerId: number, block: number, at: number) => {
  let perListener = arrivals.get(block);
  if (!perListener) arrivals.set(block, (perListener = new Map()));
  if (perListener.has(listenerId)) return;
  perListener.set(listenerId, at);
  const want = expected.get(block);
  if (want !== undefined && perListener.size === want) emit('block', { block });
};

const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const at = nowMs();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(204).end();
    posts++;
    stamps.push(at);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { listenerId: number; data: Item[] };
      items += body.data.length;
      for (const item of body.data) {
        if (item.kind !== 'event' || typeof item.event?.blockNumber !== 'number') continue;
        events++;
        record(body.listenerId, item.event.blockNumber, at);
      }
    } catch {
      bad++;
    }
  });
};

serveWorker({
  async listen() {
    server = http.createServer({ keepAliveTimeout: 60_000 }, onRequest);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  },
  /** The parent announces a block before mining it: `listeners` of them must receive its event. */
  async expect({ block, listeners }: { block: number; listeners: number }) {
    expected.set(block, listeners);
    if ((arrivals.get(block)?.size ?? 0) >= listeners) emit('block', { block });
    return null;
  },
  async counts() {
    return { posts, items, events, bad };
  },
  /** Arrival stamps of each listener's first event of each block, and of every POST since `sinceMs`. */
  async report({ blocks, sinceMs }: { blocks: number[]; sinceMs: number }) {
    const perBlock = blocks.map((b) => ({ block: b, arrivals: [...(arrivals.get(b)?.values() ?? [])] }));
    return { perBlock, postStamps: stamps.filter((s) => s >= sinceMs), posts, items, events, bad };
  },
  async close() {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    return null;
  },
});
