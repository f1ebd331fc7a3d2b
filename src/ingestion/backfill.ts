// Backfill of finalized blocks: eth_getLogs over ranges that adapt to the node, several in flight, applied in order.
import { LogRangeTooLargeError, type ChainClient } from '../chain';
import { fetchRange } from './fetch-range';
import type { Batch } from './types';

export type RangeSizer = { size: number; grow(logs: number): void; shrink(): void };

/** Grows while the node answers with comfortably few logs, halves when it refuses or returns too many. */
export const createRangeSizer = (max: number, initial = Math.min(max, 2_000)): RangeSizer => {
  const sizer = {
    size: initial,
    grow(logs: number) {
      if (logs < 5_000) sizer.size = Math.min(max, Math.ceil(sizer.size * 1.5));
      else if (logs > 20_000) sizer.size = Math.max(1, Math.floor(sizer.size / 2));
    },
    shrink() {
      sizer.size = Math.max(1, Math.floor(sizer.size / 2));
    },
  };
  return sizer;
};

/** Fetches [from, to], splitting it in halves whenever the node refuses the range. */
const fetchSplitting = async (client: ChainClient, from: number, to: number, sizer: RangeSizer): Promise<Batch[]> => {
  try {
    // Finalized history needs no receipts: a transaction that emitted logs succeeded, and gas figures
    // matter only to live receipt subscribers. Skipping them halves the requests per block.
    const batch = await fetchRange(client, from, to, { allHeaders: false, receipts: false, live: false });
    sizer.grow(batch.transfers.length);
    return [batch];
  } catch (err) {
    if (!(err instanceof LogRangeTooLargeError) || from === to) throw err;
    sizer.shrink();
    const mid = from + Math.floor((to - from) / 2);
    return [...(await fetchSplitting(client, from, mid, sizer)), ...(await fetchSplitting(client, mid + 1, to, sizer))];
  }
};

/**
 * Yields batches covering [from, to] in order, with up to `inFlight` ranges being fetched at once.
 * Stops early when `stopped()` turns true.
 */
export async function* backfillBatches(
  client: ChainClient,
  from: number,
  to: number,
  sizer: RangeSizer,
  { inFlight = 4, stopped = () => false }: { inFlight?: number; stopped?: () => boolean } = {},
): AsyncGenerator<Batch> {
  let next = from;
  const pending: Array<Promise<Batch[]>> = [];
  const launch = () => {
    const end = Math.min(to, next + sizer.size - 1);
    const p = fetchSplitting(client, next, end, sizer);
    // Rejections are observed when awaited in order; avoid unhandled-rejection noise meanwhile.
    p.catch(() => undefined);
    pending.push(p);
    next = end + 1;
  };
  while ((next <= to || pending.length) && !stopped()) {
    while (next <= to && pending.length < inFlight) launch();
    const batches = await pending.shift()!;
    for (const b of batches) yield b;
  }
}
