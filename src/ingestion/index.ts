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
import { createListenerCache } from '../domain/webhooks/listener-cache';
import { createWebhookOutbox } from '../domain/webhooks/outbox';

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
  const webhookListeners = createListenerCache({ db, pubsub });
  const outbox = createWebhookOutbox({ listeners: webhookListeners, batchSize: config.webhooks.batchSize });
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
      outbox,
      leadership: config.leadership,
    }),
  );
  for (const i of ingesters) void i.run().catch(() => undefined); // each ingester logs its own failure
  return {
    stop: async () => {
      await Promise.all(ingesters.map((i) => i.stop()));
      webhookListeners.close();
    },
  };
};
