// Composition root: config → db → services → GraphQL schema → HTTP server (or only the operations endpoints).
import type { Config } from '../config';
import { createLogger, type Logger } from '../config/logger';
import { ChainCheckpointEntity, createDataSource, migrateDatabase, readDeploymentId, startReplicaMonitor, type Db } from '../db';
import { createChainRegistry, type ChainRegistry } from '../chain/registry';
import { createServices, type Services } from '../domain/services';
import { createPubSub, type PubSub } from '../pubsub';
import type { HttpServer } from '../http/listener';
import type { HttpDeps } from '../http/server';
import { createOperationsServer } from '../http/operations';
import { contractPrunerOf, startIngestion, type Ingestion } from '../ingestion';
import { createBalanceRepair } from '../ingestion/balance-repair';
import client from 'prom-client';
import { createChainPaceSampler } from '../workers/chain-pace';
import { createMetadataTaskWorker, type MetadataTaskWorker } from '../workers/metadata-tasks';
import type { Poller } from '../workers/poller';
import { createTokenListRefresher } from '../workers/token-lists';
import { createWebhookDeliveryWorker, type WebhookDeliveryWorker } from '../workers/webhook-delivery';
import { createMediaWorker } from '../workers/media';
import { createVerdictWorker } from '../workers/verdicts';

export type AppOptions = {
  /**
   * HTTP on config.port: true = everything (GraphQL, graphql-ws, the RPC, hosted documents and the operations
   * endpoints); 'operations' = GET /health, /ready and /metrics only, without loading GraphQL or the RPC
   * (`strata index`); false = no port.
   */
  serve: boolean | 'operations';
  /** Ingest the configured chains in this process. */
  index: boolean;
  /** Head polling interval for ingestion (tests use a short one). */
  pollMs?: number;
  /** Prefilled in GraphiQL's Headers tabs (`strata dev`). */
  graphiqlCredentials?: { accessKey: string; bearerToken: string };
};

export type App = {
  config: Config;
  db: Db;
  services: Services;
  registry: ChainRegistry;
  pubsub: PubSub;
  logger: Logger;
  /** The background loops this app starts and stops (src/workers); no service or resolver reaches them. */
  workers: { webhookDelivery: WebhookDeliveryWorker; metadataTasks: MetadataTaskWorker; tokenLists: Poller | null; media: Poller | null; verdicts: Poller | null };
  /** Starts ingestion (when enabled) and listens on config.port (0 = any free port); resolves with the bound port (0 when not serving). */
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
};

/** Opens the database and applies migrations (under a lock), without serving. */
export const openDatabase = async (config: Config, logger: Logger): Promise<Db> => {
  const db = createDataSource(config);
  await db.initialize();
  const applied = await migrateDatabase(db, logger, config.leadership);
  // A fresh database applies every migration: a count and the ends at info, the names at debug.
  if (applied.length) {
    logger.info({ count: applied.length, first: applied[0], last: applied[applied.length - 1] }, 'migrations applied');
    logger.debug({ applied }, 'migrations applied, by name');
  }
  return db;
};

const createHttp = (serve: AppOptions['serve'], deps: Omit<HttpDeps, 'schema'>): HttpServer | null => {
  if (serve === 'operations') return createOperationsServer(deps);
  if (!serve) return null;
  // Loaded here, not at the top: the schema, yoga, graphql-ws and the RPC table are about half of start-up CPU
  // and memory, which an operations-only or headless process (`strata index`) does not need.
  const { schema } = require('../graphql/schema') as typeof import('../graphql/schema');
  const { createHttpServer } = require('../http/server') as typeof import('../http/server');
  return createHttpServer({ ...deps, schema });
};

/**
 * In-process events, or Redis channels named after this database's deployment and signed with the events secret. The
 * CLI's one-shot commands use it too, so that what they change (`strata key revoke`) is announced to the servers.
 */
export const createEventBus = async (config: Config, db: Db, logger: Logger, metricsRegistry: client.Registry, { publishOnly = false } = {}): Promise<PubSub> => {
  const onError = (err: unknown) => logger.warn({ err }, 'pub/sub error');
  if (!config.redisUrl) return createPubSub({ redis: null, onError });
  const rejected = new client.Counter({
    name: 'strata_events_rejected_total',
    help: 'Redis messages on this deployment\'s channels dropped because their signature did not verify',
    registers: [metricsRegistry],
  });
  const namespace = config.events.namespace ?? (await readDeploymentId(db));
  return createPubSub({
    redis: { url: config.redisUrl, namespace, secret: config.events.secret, publishOnly },
    onError,
    onRejected: (channel) => {
      rejected.inc();
      logger.warn({ channel }, 'dropped an event message that is not signed with EVENTS_SECRET');
    },
  });
};

export const createApp = async (
  config: Config,
  logger = createLogger(config),
  options: AppOptions = { serve: true, index: true },
): Promise<App> => {
  const db = await openDatabase(config, logger);
  const registry = createChainRegistry({ chains: config.chains, logger: logger.child({ layer: 'chain' }) });
  const metricsRegistry = new client.Registry();
  client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'strata_' });
  // DATABASE_READ_URLS: queries read from the replicas this watches (src/db/replicas); only a process serving GraphQL
  // runs queries, so an indexer or an operations-only process does not watch them.
  const replicas =
    options.serve === true ? await startReplicaMonitor(db, { readReplicas: config.readReplicas, log: logger.child({ layer: 'db' }), registry: metricsRegistry }) : null;
  const pubsub = await createEventBus(config, db, logger, metricsRegistry);
  const balanceRepair = createBalanceRepair({ db, logger, metricsRegistry });
  const services = createServices({ config, db, registry, pubsub, pruneContract: contractPrunerOf(db), balanceRepair });
  // Every process delivers webhooks; a lease per listener keeps two from delivering the same one.
  const webhookWorker = createWebhookDeliveryWorker({ db, settings: config.webhooks, logger: logger.child({ layer: 'webhooks' }), pubsub, metricsRegistry });
  // Refresh tasks run wherever the Metadata services are; claims keep processes from running one twice.
  const taskWorker = createMetadataTaskWorker({
    deps: { db, tokenMetadata: services.tokenMetadata, contracts: services.contracts },
    logger: logger.child({ area: 'metadata' }),
    pollMs: config.metadata.taskPollMs,
    retryBaseMs: config.metadata.retryBaseMs,
    metricsRegistry,
  });
  // Pace and lag over time (the console's charts): sampled where the chains are indexed, beside the checkpoint.
  const paceSampler =
    options.index && config.chains.length
      ? createChainPaceSampler({ db, chainIds: config.chains.map((c) => c.chainId), settings: config.operations, logger: logger.child({ layer: 'workers' }), metricsRegistry })
      : null;
  // The token directory's lists: read where the Metadata and Indexer reads are served (each serving process; see the worker).
  const tokenLists =
    options.serve === true && config.trust.tokenLists.length
      ? createTokenListRefresher({ directory: services.tokenDirectory, settings: config.trust, logger: logger.child({ layer: 'workers' }), metricsRegistry })
      : null;
  // The media cache's fetches and thumbnails (MEDIA_CACHE=on): where the Metadata services are, like refresh tasks.
  const mediaWorker = config.media.enabled
    ? createMediaWorker({ media: services.media, settings: config.media, logger: logger.child({ area: 'media' }), metricsRegistry })
    : null;
  // Stored spam verdicts (SPAM_VERDICTS): kept where reads are served, like the token lists they depend on.
  const verdictWorker =
    options.serve === true && config.trust.verdicts.enabled
      ? createVerdictWorker({ store: services.verdictStore, settings: config.trust.verdicts, logger: logger.child({ layer: 'workers' }), metricsRegistry })
      : null;
  const pollers: Poller[] = [
    taskWorker,
    webhookWorker,
    ...(paceSampler ? [paceSampler] : []),
    ...(tokenLists ? [tokenLists] : []),
    ...(mediaWorker ? [mediaWorker] : []),
    ...(verdictWorker ? [verdictWorker] : []),
  ];
  let stopping = false;
  const readiness = {
    indexedChains: options.index ? config.chains.map((c) => c.chainId) : [],
    maxLagBlocks: config.operations.readyMaxLagBlocks,
    stopping: () => stopping,
    workerProblems: () => pollers.flatMap((p) => p.readinessProblem() ?? []),
  };
  const http = createHttp(options.serve, { config, db, services, logger, metricsRegistry, graphiqlCredentials: options.graphiqlCredentials, readiness });
  let ingestion: Ingestion | null = null;
  /**
   * Ingestion stops between batches: the batch in flight commits (rows and checkpoint in one transaction) unless it
   * outlasts the grace, and then it is abandoned (its transaction never commits; the next start ingests it again).
   */
  const stopIngestion = async (running: Ingestion) => {
    const graceMs = config.operations.shutdownGraceMs;
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      running.stop().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      logger.warn({ graceMs }, 'the ingestion batch in flight did not commit within the shutdown grace: abandoned');
      return false;
    }
    const rows = await db.getRepository(ChainCheckpointEntity).find();
    const chains = rows.filter((r) => readiness.indexedChains.includes(r.chainId)).map((r) => ({ chainId: r.chainId, indexedBlock: r.indexedBlock }));
    logger.info({ chains }, 'ingestion stopped after its last committed batch');
    return true;
  };
  return {
    config,
    db,
    services,
    registry,
    pubsub,
    logger,
    workers: { webhookDelivery: webhookWorker, metadataTasks: taskWorker, tokenLists, media: mediaWorker, verdicts: verdictWorker },
    async start() {
      // Listen first: a port already in use stops the start before ingestion takes a chain's lock.
      const bound = http ? await http.listen() : { port: 0 };
      taskWorker.start();
      webhookWorker.start();
      if (options.index && config.chains.length) {
        ingestion = startIngestion({ config, db, registry, pubsub, logger, metricsRegistry, pollMs: options.pollMs });
      }
      paceSampler?.start();
      tokenLists?.start();
      mediaWorker?.start();
      verdictWorker?.start();
      return bound;
    },
    async stop() {
      stopping = true;
      await http?.close();
      // An abandoned batch still runs its transaction: the database stays open for the process's exit to end it.
      if (ingestion && !(await stopIngestion(ingestion))) return;
      await taskWorker.stop();
      await webhookWorker.stop();
      await paceSampler?.stop();
      await tokenLists?.stop();
      await mediaWorker?.stop();
      await verdictWorker?.stop();
      await services.media.close();
      await services.tokenDirectory.close();
      // Background metadata fetches write to the database: let them end before it closes.
      await services.tokenMetadata.close();
      await pubsub.close();
      await services.auth.close();
      // Writes the usage counted since the last write, while the database is still open.
      await services.limits.close();
      await registry.close();
      replicas?.close();
      await db.destroy();
    },
  };
};
