// What people can see of ingestion: periodic log lines per chain, and Prometheus gauges.
import client from 'prom-client';
import type { Logger } from '../config/logger';

export type IngestionMetrics = ReturnType<typeof createIngestionMetrics>;

export const createIngestionMetrics = (registry: client.Registry) => {
  const gauge = (name: string, help: string) => new client.Gauge({ name, help, labelNames: ['chain'], registers: [registry] });
  const counter = (name: string, help: string, labelNames: string[] = ['chain']) => new client.Counter({ name, help, labelNames, registers: [registry] });
  return {
    indexed: gauge('strata_chain_indexed_block', 'Last block whose rows are committed'),
    head: gauge('strata_chain_head_block', 'Latest block the node reported'),
    finalized: gauge('strata_chain_finalized_block', 'Highest block past the confirmation depth on the branch checked against the node'),
    lag: gauge('strata_chain_lag_blocks', 'Head minus indexed block'),
    events: counter('strata_ingested_transfers_total', 'Token transfer logs ingested'),
    skipped: counter('strata_skipped_logs_total', 'Logs that did not decode, by reason', ['chain', 'reason']),
    reorgs: counter('strata_reorgs_total', 'Reorgs rolled back'),
    queryIndexesMissing: new client.Gauge({
      name: 'strata_query_indexes_missing',
      help: 'Query indexes not built yet: the first backfill into an empty database builds them at its end',
      registers: [registry],
    }),
  };
};

export type ProgressReporter = {
  /** A batch was committed while catching up. */
  (done: { blocks: number; events: number; indexed: number; head: number }): void;
  /**
   * A batch followed within NEAR_HEAD_BLOCKS of the head: counted in the stretch being caught up when one is open (its
   * last blocks), never starting one (following the head alone is not catching up).
   */
  followed(done: { blocks: number; events: number }): void;
  /** Ingestion reached the head; says so once after each stretch of catching up. */
  caughtUp(indexed: number): void;
};

/**
 * Events are transfer rows as stored (an ERC-1155 TransferBatch log is one row per token id), so the "caught up" line's
 * count is what the database holds for the stretch. Logs blocks/s, events/s, how far along (percent of the stretch being caught up) and an ETA every `everyMs` while
 * catching up, and one line when the head is reached.
 */
export const createProgressReporter = (logger: Logger, everyMs = 2_000): ProgressReporter => {
  let windowStart = Date.now();
  let blocks = 0;
  let events = 0;
  let totalBlocks = 0;
  let totalEvents = 0;
  let stretchStart: { block: number; at: number } | null = null;
  const report = (done: { blocks: number; events: number; indexed: number; head: number }) => {
    stretchStart ??= { block: done.indexed - done.blocks, at: Date.now() };
    blocks += done.blocks;
    events += done.events;
    totalBlocks += done.blocks;
    totalEvents += done.events;
    const elapsed = (Date.now() - windowStart) / 1000;
    if (elapsed * 1000 < everyMs) return;
    const blocksPerSec = blocks / elapsed;
    const distance = Math.max(0, done.head - done.indexed);
    const span = Math.max(1, done.head - stretchStart.block);
    logger.info(
      {
        indexed: done.indexed,
        head: done.head,
        distance,
        percent: Math.min(100, Math.round((1000 * (done.indexed - stretchStart.block)) / span) / 10),
        blocksPerSec: Math.round(blocksPerSec),
        eventsPerSec: Math.round(events / elapsed),
        etaSeconds: blocksPerSec > 0 ? Math.round(distance / blocksPerSec) : null,
      },
      'indexing progress',
    );
    windowStart = Date.now();
    blocks = 0;
    events = 0;
  };
  return Object.assign(report, {
    followed(done: { blocks: number; events: number }) {
      if (!stretchStart) return;
      totalBlocks += done.blocks;
      totalEvents += done.events;
    },
    caughtUp(indexed: number) {
      if (!stretchStart) return;
      const seconds = (Date.now() - stretchStart.at) / 1000;
      logger.info({ indexed, blocks: totalBlocks, events: totalEvents, seconds: Math.round(seconds * 10) / 10 }, 'caught up with the head');
      stretchStart = null;
      totalBlocks = totalEvents = blocks = events = 0;
      windowStart = Date.now();
    },
  });
};
