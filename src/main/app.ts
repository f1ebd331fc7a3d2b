// Composition root: config → db → services → GraphQL schema → HTTP server.
import type { Config } from '../config';
import { createLogger, type Logger } from '../config/logger';
import { createDataSource, migrateDatabase, type Db } from '../db';
import { createChainRegistry, type ChainRegistry } from '../chain/registry';
import { createServices, type Services } from '../domain/services';
import { createPubSub, type PubSub } from '../pubsub';
import { schema } from '../graphql/schema';
import { createHttpServer } from '../http/server';
import { startIngestion, type Ingestion } from '../ingestion';
import client from 'prom-client';

export type AppOptions = {
  /** Serve HTTP (GraphQL, RPC…). */
  serve: boolean;
  /** Ingest the configured chains in this process. */
  index: boolean;
  /** Head polling interval for ingestion (tests use a short one). */
  pollMs?: number;
};

export type App = {
  config: Config;
  db: Db;
  services: Services;
  registry: ChainRegistry;
  pubsub: PubSub;
  logger: Logger;
  /** Starts ingestion (when enabled) and listens on config.port (0 = any free port); resolves with the bound port. */
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
};

/** Opens the database and applies migrations (under a lock), without serving. */
export const openDatabase = async (config: Config, logger: Logger): Promise<Db> => {
  const db = createDataSource(config);
  await db.initialize();
  const applied = await migrateDatabase(db, logger);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  return db;
};

export const createApp = async (
  config: Config,
  logger = createLogger(config),
  options: AppOptions = { serve: true, index: true },
): Promise<App> => {
  const db = await openDatabase(config, logger);
  const registry = createChainRegistry({ chains: config.chains, logger: logger.child({ layer: 'chain' }) });
  const pubsub = createPubSub({ redisUrl: config.redisUrl, onError: (err) => logger.warn({ err }, 'pub/sub error') });
  const services = createServices({ config, db, registry, pubsub });
  const metricsRegistry = new client.Registry();
  client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'strata_' });
  const http = options.serve ? createHttpServer({ config, db, services, schema, logger, metricsRegistry }) : null;
  let ingestion: Ingestion | null = null;
  return {
    config,
    db,
    services,
    registry,
    pubsub,
    logger,
    async start() {
      if (options.index && config.chains.length) {
        ingestion = startIngestion({ config, db, registry, pubsub, logger, metricsRegistry, pollMs: options.pollMs });
      }
      return http ? http.listen() : { port: 0 };
    },
    async stop() {
      await http?.close();
      await ingestion?.stop();
      // Background metadata fetches write to the database: let them end before it closes.
      await services.tokenMetadata.close();
      await pubsub.close();
      await registry.close();
      await db.destroy();
    },
  };
};
