// Reads the ranges that following the head commits: how wide each is, and, while catching up, the next one read ahead.
import { LogRangeTooLargeError, type ChainClient } from '../chain';
import type { Logger } from '../config/logger';
import { MERGE_MAX_TRANSFERS, type RangeSizer } from './backfill';
import { BlockChangedError, fetchRange } from './fetch-range';
import type { Native } from './internal-transfers';
import type { Batch } from './types';

/** The widest followed range: one commit publishes at most this many blocks' events. */
export const FOLLOW_MAX_BLOCKS = 50;
/** A followed range spans up to this many of the backfill sizer's ranges (see `followTo`). */
const FOLLOW_RANGES = 2;
/**
 * Within this many blocks of the head, ingestion has caught up: the deferred query indexes are built (after the catch-up
 * window, which is followed faster without them), and following is no longer reported as catching up.
 */
export const NEAR_HEAD_BLOCKS = FOLLOW_MAX_BLOCKS / 5;

export type FollowReader = {
  /**
   * The range from `from`: the one read ahead when it was read for these contracts, else read now. Null when the round
   * should be tried again (the node's blocks changed under the read, or it refused the range and the width shrank).
   */
  read(client: ChainClient, from: number, head: number, sizer: RangeSizer, addresses: string[] | null): Promise<Batch | null>;
  /** Starts reading the range after `batch` when all of it lies deeper than the reorg `window` (and not near the head). */
  readAhead(client: ChainClient, batch: Batch, head: number, window: number, sizer: RangeSizer, addresses: string[] | null): void;
  /** Forgets the range read ahead (a rollback made it stale). */
  drop(): void;
};

const contractsKey = (addresses: string[] | null) => (addresses ? addresses.join(',') : '*');

// At most as many rows as a merged backfill batch, whatever the range: after a stretch of empty blocks the sizer
// allows 50 blocks, and 50 dense ones with their receipts took the heap from 90 to 240 MB on the chain-scale chain.
const followOptions = (addresses: string[] | null, native: Native, approvals: boolean) => ({ allHeaders: true, receipts: true, live: true, addresses, maxRows: MERGE_MAX_TRANSFERS, native, approvals });

/** `native`: the chain's native transfers are read too, and internal ones; `approvals`: its approval logs (fetch-range.ts). */
export const createFollowReader = ({ logger, native = false, approvals = false }: { logger: Logger; native?: Native; approvals?: boolean }): FollowReader => {
  /** Blocks read per round when following; narrower while the node refuses wider log ranges. */
  let followWidth = FOLLOW_MAX_BLOCKS;
  /**
   * Catching up: the next range, read while the last one was being written, so that the node's latency hides behind
   * the write. Only ranges past the reorg window are read ahead; a read that fails is read again in its own round, and
   * so is one read for other contracts (a named contract that joined the followed ones meanwhile).
   */
  let ahead: { from: number; contracts: string; batch: Promise<Batch | null> } | null = null;

  /**
   * The last block of a followed range from `from`. No wider than the backfill's sizer allows either: 50 blocks of a
   * busy chain (500 transfers each, with their receipts) held 1 GB at once where the chain-scale backfill before it
   * stayed near 550 MB. Twice its range, as much as a merged backfill batch: each round commits, and while catching up
   * one more range is read ahead.
   */
  const followTo = (from: number, head: number, sizer: RangeSizer) => Math.min(head, from + Math.min(followWidth, sizer.widest(), FOLLOW_RANGES * sizer.size) - 1);

  return {
    async read(client, from, head, sizer, addresses) {
      const readAlready = ahead?.from === from && ahead.contracts === contractsKey(addresses) ? await ahead.batch : null;
      ahead = null;
      if (readAlready) return readAlready;
      const to = followTo(from, head, sizer);
      let batch: Batch;
      try {
        batch = await fetchRange(client, from, to, followOptions(addresses, native, approvals));
      } catch (err) {
        if (err instanceof BlockChangedError) return null; // the next round reads the settled chain
        if (err instanceof LogRangeTooLargeError && to > from) {
          if (err.maxBlocks !== undefined) sizer.limit(err.maxBlocks);
          followWidth = Math.max(1, Math.min(err.maxBlocks ?? Infinity, Math.floor((to - from + 1) / 2)));
          return null;
        }
        throw err;
      }
      followWidth = Math.min(FOLLOW_MAX_BLOCKS, followWidth * 2);
      return batch;
    },

    readAhead(client, batch, head, window, sizer, addresses) {
      // Blocks deeper than the reorg window are final by the confirmation setting: a range of them read now is what the
      // next round would read. Nearer the head, each round reads its range after the last commit, as before.
      const next = batch.toBlock + 1;
      const nextTo = followTo(next, head, sizer);
      if (next <= nextTo && nextTo <= head - Math.max(window, NEAR_HEAD_BLOCKS)) {
        logger.debug({ from: next, to: nextTo }, 'reading ahead');
        ahead = { from: next, contracts: contractsKey(addresses), batch: fetchRange(client, next, nextTo, followOptions(addresses, native, approvals)).catch(() => null) };
      }
    },

    drop() {
      ahead = null;
    },
  };
};
