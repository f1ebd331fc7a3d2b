// How long a caught-up ingester waits before it looks for a new head: the chain's `pollIntervalMs`, or a quarter of its
// recent block interval (100 ms to 1 s), so that over an http URL a block is seen within a fraction of its block time.
import type { ChainConfig } from '../config';
import { BlockEntity, type Db } from '../db';

export type PollInterval = {
  /** The wait now; a derived one is recomputed from the stored blocks at most once a minute, in the background. */
  ms(): number;
};

export const POLL_MIN_MS = 100;
export const POLL_MAX_MS = 1_000;
const RECENT_BLOCKS = 64;
const REFRESH_MS = 60_000;
const FEW_BLOCKS_RETRY_MS = 5_000;

/**
 * A quarter of the median interval between the recent stored blocks (each gap divided by the blocks it spans: backfill
 * keeps only some headers), clamped. Block timestamps are whole seconds: a chain faster than one block a second shows
 * gaps of 0 and 1 s, so the mean over the whole stretch decides when the median is a second or less.
 */
export const derivePollMs = (blocks: ReadonlyArray<{ number: number; timestamp: number }>): number | null => {
  const sorted = [...blocks].sort((a, b) => a.number - b.number);
  if (sorted.length < 2) return null;
  const gaps = sorted.slice(1).map((b, i) => ((b.timestamp - sorted[i].timestamp) * 1000) / (b.number - sorted[i].number));
  gaps.sort((a, b) => a - b);
  let interval = gaps[Math.floor(gaps.length / 2)];
  if (interval <= 1000) {
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    interval = ((last.timestamp - first.timestamp) * 1000) / (last.number - first.number);
  }
  return Math.round(Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, interval / 4)));
};

/** `fixed`: the wait given by the chain's config (or the app's option); absent: derived. */
export const createPollInterval = ({ db, chain, fixed }: { db: Db; chain: ChainConfig; fixed?: number }): PollInterval => {
  const given = chain.pollIntervalMs ?? fixed;
  if (given !== undefined && given !== null) return { ms: () => given };
  let current = POLL_MAX_MS;
  let refreshedAt = -Infinity;
  const refresh = async () => {
    const rows = await db.getRepository(BlockEntity).find({
      select: { number: true, timestamp: true },
      where: { chainId: chain.chainId },
      order: { number: 'DESC' },
      take: RECENT_BLOCKS,
    });
    current = derivePollMs(rows) ?? current;
    // A fresh index has few blocks yet: look again soon rather than wait at the 1 s default for a minute.
    if (rows.length < RECENT_BLOCKS) refreshedAt = Date.now() - REFRESH_MS + FEW_BLOCKS_RETRY_MS;
  };
  const interval: PollInterval = {
    ms() {
      if (Date.now() - refreshedAt > REFRESH_MS) {
        refreshedAt = Date.now();
        void refresh().catch(() => (refreshedAt = -Infinity)); // tried again at the next wait
      }
      return current;
    },
  };
  interval.ms(); // a restart with stored blocks has its interval before the first wait
  return interval;
};
