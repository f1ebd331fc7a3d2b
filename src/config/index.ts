// Parses the environment once, at start, into a frozen Config; every problem is reported together.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { parseChains, type ChainConfig } from './chains';
import { ensurePrivateDir } from './private-files';
import { assetsConfigOf, assetsEnvSchema, type AssetsConfig } from './assets';
import { edgeConfigOf, edgeEnvSchema, onOff, type EdgeConfig } from './edge';
import { keyLimitsConfigOf, keyLimitsEnvSchema, type KeyLimitsConfig } from './limits';
import { readReplicasConfigOf, readReplicasEnvSchema, type ReadReplicasConfig } from './replicas';
import { gatewayConfigOf, gatewayEnvSchema, priceFeedConfigOf, type GatewayConfig, type PriceFeedConfig } from './gateway';
import { operationsConfigOf, operationsEnvSchema, type OperationsConfig } from './operations';
import { leadershipConfigOf, leadershipEnvSchema, type LeadershipConfig } from './leadership';
import { trustConfigOf, trustEnvSchema, type TrustConfig } from './trust';
import { identityConfigOf, identityEnvSchema, type IdentityConfig } from './identity';
import { mediaConfigOf, mediaEnvSchema, type MediaConfig } from './media';

export type { ChainConfig, EndpointConfig, TracesSetting, WatchedContractConfig } from './chains';
export { tracesWanted } from './chains';
export type { EdgeConfig } from './edge';
export type { AssetsConfig } from './assets';
export type { KeyLimitsConfig } from './limits';
export type { ReadReplicasConfig } from './replicas';
export type { GatewayConfig, PriceFeedConfig } from './gateway';
export type { OperationsConfig } from './operations';
export type { LeadershipConfig, LeadershipMode } from './leadership';
export type { TrustConfig } from './trust';
export type { IdentityConfig } from './identity';
export type { MediaConfig } from './media';

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string; /** Page cache of the embedded database, MB (SQLITE_CACHE_MB). */ cacheMb: number }
  | {
      kind: 'mysql';
      /** The URL with its first host only (what a single connection is opened with). */
      url: string;
      database: string;
      /** `host:port` of every server the URL names (several: a Galera cluster's nodes, tried in turn; db/failover.ts). */
      hosts?: readonly string[];
    };

export type Config = Readonly<{
  database: DatabaseConfig;
  dataDir: string;
  host: string;
  port: number;
  publicUrl: string;
  jwtSecret: string;
  /** Lifetime of a project bearer token issued without one (project create, the console), in days; null: no expiry. */
  bearerTokenDays: number | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** JSON lines, pretty lines, or auto: pretty when stdout is a terminal. */
  logFormat: 'json' | 'pretty' | 'auto';
  /** Largest accepted request body, in bytes (RPC and GraphQL). */
  maxBodyBytes: number;
  /** Ceiling on a client-written GraphQL request's cost (graphql/cost.ts); an access key may have its own. */
  graphqlMaxCost: number;
  chains: readonly ChainConfig[];
  /** Events across processes when set; in-process otherwise. */
  redisUrl: string | null;
  /** Blocks behind the head that ingestion replays to subscribers when it catches up (older ones: a gap notice). */
  catchUpPublishBlocks: number;
  /** The first backfill into an empty database builds the query indexes at its end (ingestion/query-index-deferral.ts). */
  deferQueryIndexes: boolean;
  /** Heap the ingesting process lets pile up before it asks for a full collection; 0: V8 decides (ingestion/heap-ceiling.ts). */
  ingestHeapCeilingMb: number;
  /** How this deployment's events travel through a shared Redis (see pubsub). */
  events: Readonly<{
    /** Channel namespace; null = the deployment id stored in the database, so one database = one namespace. */
    namespace: string | null;
    /** HMAC key of every Redis message; replicas must share it. */
    secret: string;
  }>;
  metadata: Readonly<{
    ipfsGateway: string;
    arweaveGateway: string;
    /** Hosts the metadata fetcher may reach despite the private-address guard (tests, private gateways). */
    allowHosts: readonly string[];
    timeoutMs: number;
    maxBytes: number;
    /** Fetches per second, and at once, to one host: a 10,000-token collection must not hammer one gateway. */
    hostRatePerSecond: number;
    hostConcurrency: number;
    /** First delay before a failed or placeholder token is fetched again (doubling per failure, capped). */
    retryBaseMs: number;
    /** How often the refresh task worker looks for due tasks and due retries. */
    taskPollMs: number;
  }>;
  /** Webhook delivery (domain/webhooks): destinations, attempts, retry timing, leases across processes. */
  webhooks: Readonly<{
    /** Hosts webhook URLs may name despite the private-address guard, as METADATA_ALLOW_HOSTS (tests, private receivers). */
    allowHosts: readonly string[];
    /** One POST, connection and response included. */
    timeoutMs: number;
    /** Attempts of one delivery before the listener is disabled. */
    maxAttempts: number;
    /** Items (events, balances, receipts, approvals, notices) per POST at most. */
    batchSize: number;
    /** Backoff: the first retry waits about this long, doubling per attempt up to retryMaxMs, with jitter. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** How long a process holds a listener's delivery lease without renewing it. */
    leaseMs: number;
    /** How often the deliverer looks for due deliveries. */
    pollMs: number;
  }>;
  /** Operator token for admin mutations (contract verification flags); admin is off when unset. */
  adminToken: string | null;
  /** CORS, GraphiQL, introspection, /metrics, proxies, failed-credential throttling (edge.ts). */
  edge: EdgeConfig;
  /** Uploaded media of hosted collections (assets.ts). */
  assets: AssetsConfig;
  /** Default request rate and monthly quota per access key, usage bookkeeping (limits.ts). */
  keyLimits: KeyLimitsConfig;
  /** Replicas of the MySQL primary that queries may read from (replicas.ts). */
  readReplicas: ReadReplicasConfig;
  /** The multi-chain IndexerGateway's concurrency and per-chain time bound (gateway.ts). */
  gateway: GatewayConfig;
  /** Draining at SIGTERM and the readiness bound of an indexing process (operations.ts). */
  operations: OperationsConfig;
  /** One indexer per chain and the migration lock: a database lock, or a lease with a fencing token (leadership.ts). */
  leadership: LeadershipConfig;
  /** Where USD prices come from; no source by default (gateway.ts). */
  priceFeed: PriceFeedConfig;
  /** The token lists the token directory is built from (trust.ts). */
  trust: TrustConfig;
  /** Wallet sessions (GetAuthToken) and ENS names. */
  identity: IdentityConfig;
  /** The media cache: token media fetched, made safe, thumbnailed and served under /media (media.ts). */
  media: MediaConfig;
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The environment variables and their rules (exported for docs/reference/configuration.md). */
export const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^mysql:\/\/[^/]+\/[A-Za-z0-9_$-]+(\?.*)?$/.test(v) || /^sqlite:.+/.test(v), {
      message: 'must be mysql://user:pass@host:port/db or sqlite:<path>',
    }),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s]+$/.test(v), { message: 'must be an http(s) URL' }),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BEARER_TOKEN_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  LOG_FORMAT: z.enum(['json', 'pretty', 'auto']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  CHAINS: z.string().optional(),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^rediss?:\/\/\S+$/.test(v), { message: 'must be redis://host:port' }),
  IPFS_GATEWAY: z.string().trim().url().default('https://ipfs.io/ipfs/'),
  ARWEAVE_GATEWAY: z.string().trim().url().default('https://arweave.net/'),
  METADATA_ALLOW_HOSTS: z.string().trim().default(''),
  METADATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  METADATA_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1_048_576).default(5 * 1_048_576),
  METADATA_HOST_RATE: z.coerce.number().int().min(1).max(10_000).default(50),
  METADATA_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  METADATA_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  METADATA_TASK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  WEBHOOK_ALLOW_HOSTS: z.string().trim().default(''),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(16),
  WEBHOOK_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(6 * 3_600_000),
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  EVENTS_NAMESPACE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, "_", "." or "-"')
    .optional(),
  CATCH_UP_PUBLISH_BLOCKS: z.coerce.number().int().min(0).max(100_000).default(256),
  DEFER_QUERY_INDEXES: onOff,
  INGEST_HEAP_CEILING_MB: z.coerce.number().int().min(0).max(1_048_576).default(96),
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(2),
  EVENTS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ...edgeEnvSchema,
  ...assetsEnvSchema,
  ...keyLimitsEnvSchema,
  ...readReplicasEnvSchema,
  ...gatewayEnvSchema,
  ...operationsEnvSchema,
  ...leadershipEnvSchema,
  ...trustEnvSchema,
  ...identityEnvSchema,
  ...mediaEnvSchema,
});

/** Reads and validates `env`; throws ConfigError listing every problem. */
export const loadConfig = (rawEnv: NodeJS.ProcessEnv = process.env): Config => {
  // A variable set to nothing (`ADMIN_TOKEN=`, as compose files and .env templates write) is a variable not set.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(env);
  const { chains, problems } = parseChains(env.CHAINS);
  if (!parsed.success) problems.unshift(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  if (!parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir, e.SQLITE_CACHE_MB);
  if (database.kind === 'mysql' && !e.JWT_SECRET) {
    problems.push('JWT_SECRET: required when DATABASE_URL is MySQL (every replica must share it)');
  }
  const assets = assetsConfigOf(e, dataDir, problems);
  const readReplicas = readReplicasConfigOf(e, database.kind, problems);
  if (database.kind === 'mysql' && database.hosts && readReplicas.urls.length) {
    problems.push('DATABASE_URL: several hosts (a Galera cluster) do not go with DATABASE_READ_URLS; every node of the cluster serves reads');
  }
  if (problems.length) throw new ConfigError(problems);
  const jwtSecret = e.JWT_SECRET ?? embeddedJwtSecret(dataDir);
  const identity = identityConfigOf(e, chains.map((c) => c.chainId), () => embeddedSecret(dataDir, 'session-secret'), problems);
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    database,
    dataDir,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    jwtSecret,
    bearerTokenDays: e.BEARER_TOKEN_DAYS || null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    maxBodyBytes: e.MAX_BODY_BYTES,
    graphqlMaxCost: e.GRAPHQL_MAX_COST,
    chains,
    redisUrl: e.REDIS_URL || null,
    catchUpPublishBlocks: e.CATCH_UP_PUBLISH_BLOCKS,
    deferQueryIndexes: e.DEFER_QUERY_INDEXES ?? true,
    ingestHeapCeilingMb: e.INGEST_HEAP_CEILING_MB,
    events: Object.freeze({
      namespace: e.EVENTS_NAMESPACE ?? null,
      // Replicas already share JWT_SECRET, so by default they share this key without another setting.
      secret: e.EVENTS_SECRET ?? crypto.createHmac('sha256', jwtSecret).update('strata events').digest('hex'),
    }),
    metadata: Object.freeze({
      ipfsGateway: e.IPFS_GATEWAY,
      arweaveGateway: e.ARWEAVE_GATEWAY,
      allowHosts: e.METADATA_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
      timeoutMs: e.METADATA_TIMEOUT_MS,
      maxBytes: e.METADATA_MAX_BYTES,
      hostRatePerSecond: e.METADATA_HOST_RATE,
      hostConcurrency: e.METADATA_HOST_CONCURRENCY,
      retryBaseMs: e.METADATA_RETRY_BASE_MS,
      taskPollMs: e.METADATA_TASK_POLL_MS,
    }),
    webhooks: Object.freeze({
      allowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      batchSize: e.WEBHOOK_BATCH_SIZE,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      leaseMs: e.WEBHOOK_LEASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
    }),
    adminToken: e.ADMIN_TOKEN ?? null,
    edge: edgeConfigOf(e, env.NODE_ENV),
    assets,
    keyLimits: keyLimitsConfigOf(e),
    readReplicas,
    gateway: gatewayConfigOf(e),
    operations: operationsConfigOf(e),
    leadership: leadershipConfigOf(e),
    priceFeed: priceFeedConfigOf(e),
    trust: trustConfigOf(e),
    identity,
    media: mediaConfigOf(e),
  });
};

const parseDatabaseUrl = (url: string | undefined, dataDir: string, cacheMb: number): DatabaseConfig => {
  if (!url) return { kind: 'sqlite', path: path.join(dataDir, 'strata.sqlite'), cacheMb };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', path: path.resolve(url.slice('sqlite:'.length)), cacheMb };
  // Several hosts (`mysql://u@a:3306,b:3306/db`) are not a URL: the first stands for all where one URL is needed.
  const m = /^(mysql:\/\/(?:[^@/]*@)?)([^/]+)(\/.*)$/.exec(url);
  const hosts = m ? m[2].split(',').map((h) => h.trim()) : [];
  const first = m && hosts.length > 1 ? `${m[1]}${hosts[0]}${m[3]}` : url;
  const database = new URL(first).pathname.replace(/^\//, '');
  return hosts.length > 1 ? { kind: 'mysql', url: first, database, hosts } : { kind: 'mysql', url, database };
};

// The embedded default must work with zero setup, yet tokens must survive restarts:
// generate the secret once and keep it beside the database (DATA_DIR/jwt-secret, DATA_DIR/session-secret).
const embeddedJwtSecret = (dataDir: string): string => embeddedSecret(dataDir, 'jwt-secret');

const embeddedSecret = (dataDir: string, name: string): string => {
  const file = path.join(dataDir, name);
  try {
    ensurePrivateDir(dataDir);
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    // The first thing written to DATA_DIR: a directory Strata cannot create or write is a configuration problem.
    const e = err as NodeJS.ErrnoException;
    if (!e.code || !e.syscall) throw err;
    throw new ConfigError([`DATA_DIR: cannot ${e.syscall} ${e.path ?? dataDir} (${e.code}): set DATA_DIR to a directory this user can write`]);
  }
};

/** The environment with some settings replaced (`strata dev` points DATA_DIR and CHAINS at its devnet). */
export const loadConfigWith = (overrides: Record<string, string>): Config => loadConfig({ ...process.env, ...overrides });
