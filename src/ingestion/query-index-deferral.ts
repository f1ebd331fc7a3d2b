// The first backfill into an empty database runs without the query indexes and builds them when a chain has caught up
// with its head, its catch-up window followed too (db/query-indexes.ts says which and why). A process that stops in
// between finds them missing when it comes back and builds them at the same point; queries answer meanwhile, by
// scanning.
import type { Logger } from '../config/logger';
import { QUERY_INDEXES, createQueryIndexes, dropQueryIndexes, missingQueryIndexes, queryIndexedTablesEmpty, withDatabaseLock, type Db } from '../db';
import type { IngestionMetrics } from './progress';

export type QueryIndexDeferral = {
  /** A chain is about to backfill: with no chain data stored yet, the query indexes go until the backfill ends. */
  beforeBackfill(): Promise<void>;
  /** A chain is within a few blocks of its head: build any query index missing. Once per process; retried on failure. */
  atHead(): Promise<void>;
};

const LOCK = 'query-indexes';

/** One per process, shared by its chains' ingesters. `enabled`: DEFER_QUERY_INDEXES. */
export const createQueryIndexDeferral = ({ db, logger, metrics, enabled }: { db: Db; logger: Logger; metrics: IngestionMetrics; enabled: boolean }): QueryIndexDeferral => {
  let decided = !enabled;
  let built = false;
  // The ingesters of one process take turns; other processes wait on the database lock.
  let turn: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = turn.then(() => withDatabaseLock(db, LOCK, fn));
    turn = next.catch(() => undefined);
    return next;
  };

  return {
    async beforeBackfill() {
      if (decided) return;
      await serially(async () => {
        if (decided) return;
        if (await queryIndexedTablesEmpty(db)) {
          await dropQueryIndexes(db);
          metrics.queryIndexesMissing.set(QUERY_INDEXES.length);
          logger.info('empty database: query indexes are built once ingestion has caught up with the head (DEFER_QUERY_INDEXES)');
        }
        decided = true;
      });
    },
    async atHead() {
      if (built) return;
      await serially(async () => {
        if (built) return;
        const started = Date.now();
        const missing = await missingQueryIndexes(db);
        if (missing.length) {
          logger.info({ indexes: missing.length }, 'building query indexes');
          await createQueryIndexes(db, missing);
          logger.info({ indexes: missing.map((i) => i.name), seconds: (Date.now() - started) / 1000 }, 'query indexes built');
        }
        metrics.queryIndexesMissing.set(0);
        built = true;
        // Built now: a later backfill in this process (a chain added at run time) keeps them.
        decided = true;
      });
    },
  };
};
