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
  };
};

export type ProgressReporter = ReturnType<typeof createProgressReporter>;

/** Logs blocks/s, events/s, distance to head and an ETA every `everyMs` while catching up. */
export const createProgressReporter = (logger: Logger, chainId: number, everyMs = 10_000) => {
  let windowStart = Date.now();
  let blocks = 0;
  let events = 0;
  return (done: { blocks: number; events: number; indexed: number; head: number }) => {
    blocks += done.blocks;
    events += done.events;
    const elapsed = (Date.now() - windowStart) / 1000;
    if (elapsed * 1000 < everyMs) return;
    const blocksPerSec = blocks / elapsed;
    const distance = Math.max(0, done.head - done.indexed);
    logger.info(
      {
        chainId,
        indexed: done.indexed,
        head: done.head,
        distance,
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
};
