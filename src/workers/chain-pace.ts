// The chain pace sampler: every CHAIN_PACE_SAMPLE_SECONDS, one row per indexed chain with its checkpoint's indexed
// block, head and events counter (domain/indexer/pace.ts), and once an hour the samples past CHAIN_PACE_RETENTION_DAYS
// deleted. It costs one read of the checkpoints and one small insert per interval; it runs in the processes that
// index, next to the checkpoint it reads.
import type client from 'prom-client';
import type { OperationsConfig } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db';
import { createChainPaceStore } from '../domain/indexer/pace';
import { createPoller, type Poller } from './poller';

const PRUNE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const createChainPaceSampler = ({
  db,
  chainIds,
  settings,
  logger,
  metricsRegistry,
}: {
  db: Db;
  /** The chains this process indexes. */
  chainIds: readonly number[];
  settings: Pick<OperationsConfig, 'paceSampleSeconds' | 'paceRetentionDays'>;
  logger: Logger;
  metricsRegistry?: client.Registry;
}): Poller => {
  const store = createChainPaceStore(db);
  const intervalMs = settings.paceSampleSeconds * 1000;
  let prunedAt = 0;
  return createPoller({
    name: 'chain_pace',
    everyMs: intervalMs,
    aligned: true,
    logger,
    metricsRegistry,
    async tick() {
      const now = Date.now();
      await store.sample(chainIds, intervalMs, now);
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        const removed = await store.prune(now - settings.paceRetentionDays * DAY_MS);
        if (removed) logger.debug({ removed }, 'old chain pace samples deleted');
      }
    },
  });
};
