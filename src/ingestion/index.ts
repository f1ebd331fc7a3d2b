// Starts one ingester per configured chain; a chain that stops (deep reorg) does not stop the others.
import type client from 'prom-client';
import type { ChainRegistry } from '../chain/registry';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db';
import type { PubSub } from '../pubsub';
import { createChainIngester, type ChainIngester } from './chain-ingester';
import { createIngestionMetrics } from './progress';
import { createQueryIndexDeferral } from './query-index-deferral';
import { createHeapCeiling } from './heap-ceiling';

export { contractPrunerOf } from './prune';

export type Ingestion = { stop(): Promise<void> };

export const startIngestion = ({
  config,
  db,
  registry,
  pubsub,
  logger,
  metricsRegistry,
  pollMs,
}: {
  config: Config;
  db: Db;
  registry: ChainRegistry;
  pubsub: PubSub;
  logger: Logger;
  metricsRegistry: client.Registry;
  pollMs?: number;
}): Ingestion => {
  const metrics = createIngestionMetrics(metricsRegistry);
  const ingestionLogger = logger.child({ layer: 'ingestion' });
  const queryIndexes = createQueryIndexDeferral({ db, logger: ingestionLogger, metrics, enabled: config.deferQueryIndexes });
  const heap = config.ingestHeapCeilingMb ? createHeapCeiling(config.ingestHeapCeilingMb) : undefined;
  const ingesters: ChainIngester[] = config.chains.map((chain) =>
    createChainIngester({
      db,
      registry,
      chain,
      pubsub,
      logger: ingestionLogger,
      metrics,
      pollMs,
      catchUpPublishBlocks: config.catchUpPublishBlocks,
      queryIndexes,
      heap,
    }),
  );
  for (const i of ingesters) void i.run().catch(() => undefined); // each ingester logs its own failure
  return { stop: async () => void (await Promise.all(ingesters.map((i) => i.stop()))) };
};
