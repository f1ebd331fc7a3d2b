// Backfill of finalized blocks: eth_getLogs over ranges that adapt to the node, several in flight, applied in order.
import { LogRangeTooLargeError, type ChainClient, type Hex } from '../chain';
import { fetchRange, type FetchOptions } from './fetch-range';
import type { Native } from './internal-transfers';
import type { Batch } from './types';

/**
 * Transfer rows per range the sizer aims at. Each range is a batch: one transaction, and its rows held from the
 * response until its commit. Measured on erc20-100k (MariaDB): 2,500 cost ~10 % throughput for a peak at most ~30 MB
 * lower; the old sizer settled at ~9,500, with 4 such ranges waiting behind each commit.
 */
const TARGET_ROWS = 5_000;

/**
 * The rows a batch's transfers become: one per token id, so an ERC-1155 `TransferBatch` of 200 ids weighs 200. What
 * memory and writing time follow; sized by logs, the chain-scale chain's last blocks of batches came as ranges of
 * 100,000 rows, and the process's heap grew by 150 MB to write them.
 */
export const transferRows = (transfers: Batch['transfers']): number => transfers.reduce((n, t) => n + t.tokenIds.length, 0);

export type RangeSizer = {
  size: number;
  /** A range came back: its density sized `size`. Until then, one range at a time. */
  measured: boolean;
  /** A range of `rows` transfer rows (`transferRows`) over `blocks` blocks came back. */
  grow(rows: number, blocks: number): void;
  /** The node refused a range: halve, or take the width it suggested. */
  shrink(suggested?: number): void;
  /** The node stated the widest range it accepts: never ask wider again. */
  limit(maxBlocks: number): void;
  /** The widest range worth asking for now. */
  widest(): number;
};

/**
 * Sizes ranges so that each holds about `targetRows` transfer rows (`transferRows`): a range's rows are what its batch
 * keeps in memory from the response until its commit, so the rows in flight stay near `inFlight × targetRows` however
 * dense the chain is. Halves when the node refuses a range. Starts small, one range at a time: before any density is known,
 * a guess of 500 blocks was the whole 100k-log chain-scale sample in four requests (722 MB, 1,666 events/s).
 */
/** Widest range, in blocks, of a chain with native transfers on (chain-ingester.ts). */
export const NATIVE_RANGE_BLOCKS = 500;

export const createRangeSizer = (widest: number, { initial = Math.min(widest, 10), targetRows = TARGET_ROWS } = {}): RangeSizer => {
  let max = widest;
  /**
   * Rows per block to size by: the latest range's density, or the densest seen lately, which fades by a tenth per
   * range. Sized by the latest alone, ranges doubled across a stretch of empty blocks and the first dense range after
   * it came back with hundreds of thousands of logs (1.4 GB peak on the chain-scale chain).
   */
  let density = 0;
  const sizer = {
    size: initial,
    measured: false,
    grow(rows: number, blocks: number) {
      density = Math.max(rows / blocks, density * 0.9);
      // At most double the range just read (density may rise ahead), down to what the density asks.
      const wanted = density > 0 ? Math.floor(targetRows / density) : blocks * 2;
      sizer.size = Math.max(1, Math.min(max, blocks * 2, wanted));
      sizer.measured = true;
    },
    shrink(suggested?: number) {
      sizer.size = Math.max(1, suggested ?? Math.floor(sizer.size / 2));
    },
    limit(maxBlocks: number) {
      max = Math.max(1, Math.min(max, maxBlocks));
      sizer.size = Math.min(sizer.size, max);
    },
    widest: () => max,
  };
  return sizer;
};

/**
 * Where to split a refused range: at the widest range the node stated, or where it suggested (a shorter range from
 * the same start), else in halves.
 */
const splitPoint = (err: LogRangeTooLargeError, from: number, to: number): number => {
  const s = err.suggested;
  if (err.maxBlocks !== undefined && from + err.maxBlocks - 1 < to) return from + err.maxBlocks - 1;
  return s && s.fromBlock === from && s.toBlock >= from && s.toBlock < to ? s.toBlock : from + Math.floor((to - from) / 2);
};

/** What a chain reads besides token transfers (fetch-range.ts). */
type Extra = Pick<FetchOptions, 'native' | 'approvals'>;

/** Fetches [from, to], splitting it whenever the node refuses the range. */
const fetchSplitting = async (
  client: ChainClient,
  from: number,
  to: number,
  sizer: RangeSizer,
  addresses: readonly Hex[] | null,
  extra: Extra,
): Promise<Batch[]> => {
  try {
    // Finalized history needs no receipts: a transaction that emitted logs succeeded, and gas figures
    // matter only to live receipt subscribers. Skipping them halves the requests per block.
    const batch = await fetchRange(client, from, to, { allHeaders: false, receipts: false, live: false, addresses, ...extra });
    sizer.grow(transferRows(batch.transfers), to - from + 1);
    return [batch];
  } catch (err) {
    if (!(err instanceof LogRangeTooLargeError) || from === to) throw err;
    const mid = splitPoint(err, from, to);
    if (err.maxBlocks !== undefined) sizer.limit(err.maxBlocks);
    else sizer.shrink(err.suggested && mid === err.suggested.toBlock ? mid - from + 1 : undefined);
    return [...(await fetchSplitting(client, from, mid, sizer, addresses, extra)), ...(await fetchSplitting(client, mid + 1, to, sizer, addresses, extra))];
  }
};

/**
 * Transfer rows up to which ranges already fetched are written together: while the database is the slower side, ranges
 * wait behind each commit anyway, and one transaction for several of them commits (and on MariaDB flushes its redo
 * log) once instead of once per range. A range never waits for another to arrive, so a fast database still commits
 * each as soon as it comes. Measured: erc20-100k a few per cent faster on SQLite and about a tenth on MariaDB, nothing
 * measurable on the chain-scale chain (BENCHMARKS.md, 2026-11-26). 10,000 rows rather than 20,000: erc20-100k as fast
 * on SQLite and about 4 % slower on MariaDB, for peaks some 30 MB lower on both chains (BENCHMARKS.md, fourth session).
 */
export const MERGE_MAX_TRANSFERS = 10_000;

/** One batch of consecutive ranges' batches. */
export const mergeBatches = (batches: Batch[]): Batch => {
  if (batches.length === 1) return batches[0];
  for (let i = 1; i < batches.length; i++) {
    if (batches[i].fromBlock !== batches[i - 1].toBlock + 1) throw new Error(`batches ${batches[i - 1].toBlock} and ${batches[i].fromBlock} are not consecutive`);
  }
  const last = batches[batches.length - 1];
  const skipped = new Map<string, number>();
  for (const b of batches) for (const [reason, n] of b.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + n);
  return {
    chainId: last.chainId,
    fromBlock: batches[0].fromBlock,
    toBlock: last.toBlock,
    toHash: last.toHash,
    blocks: batches.flatMap((b) => b.blocks),
    transfers: batches.flatMap((b) => b.transfers),
    transactions: batches.flatMap((b) => b.transactions),
    live: batches.every((b) => b.live),
    skipped,
    ...(last.approvals ? { approvals: batches.flatMap((b) => b.approvals ?? []) } : {}),
  };
};

const transfersIn = (batches: Batch[]) => batches.reduce((n, b) => n + transferRows(b.transfers), 0);

/**
 * Yields batches covering [from, to] in order, with up to `inFlight` ranges being fetched at once; ranges that have
 * already arrived behind the next one join it, up to `mergeMax` transfer rows. Stops early when `stopped()` turns true.
 */
export async function* backfillBatches(
  client: ChainClient,
  from: number,
  to: number,
  sizer: RangeSizer,
  {
    inFlight = 4,
    stopped = () => false,
    addresses = null,
    native = false,
    approvals = false,
    mergeMax = MERGE_MAX_TRANSFERS,
  }: {
    inFlight?: number;
    stopped?: () => boolean;
    /** Only these contracts' logs (fetch-range.ts). */
    addresses?: readonly Hex[] | null;
    /** Native transfers too, and internal ones (fetch-range.ts). */
    native?: Native;
    /** Approval logs too (fetch-range.ts). */
    approvals?: boolean;
    /** Transfer rows up to which arrived ranges are merged. */
    mergeMax?: number;
  } = {},
): AsyncGenerator<Batch> {
  let next = from;
  const pending: Array<{ fetched: Promise<Batch[]>; arrived: Batch[] | null }> = [];
  const launch = () => {
    const end = Math.min(to, next + sizer.size - 1);
    const entry: (typeof pending)[number] = { fetched: fetchSplitting(client, next, end, sizer, addresses, { native, approvals }), arrived: null };
    // Rejections are observed when awaited in order; avoid unhandled-rejection noise meanwhile.
    entry.fetched.then((batches) => (entry.arrived = batches), () => undefined);
    pending.push(entry);
    next = end + 1;
  };
  const fill = () => {
    while (next <= to && pending.length < (sizer.measured ? inFlight : 1)) launch();
  };
  while ((next <= to || pending.length) && !stopped()) {
    fill();
    const batches = [...(await pending.shift()!.fetched)];
    let transfers = transfersIn(batches);
    while (pending[0]?.arrived && transfers + transfersIn(pending[0].arrived) <= mergeMax) {
      const arrived = pending.shift()!.arrived!;
      batches.push(...arrived);
      transfers += transfersIn(arrived);
    }
    // The ranges taken leave room: fetching goes on while this one is written.
    fill();
    yield mergeBatches(batches);
  }
}
