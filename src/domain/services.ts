// Composition of every domain service; GraphQL and RPC reach the domain only through this object.
import type { Config } from '../config';
import { readDeploymentId, type Db } from '../db';
import type { ChainRegistry } from '../chain/registry';
import type { PubSub } from '../pubsub';
import { createAnalyticsService, type AnalyticsService } from './analytics/service';
import { createFileStorage } from '../storage';
import { createAssetsService, type AssetsService } from './assets/service';
import { createAccessKeysService, type AccessKeysService } from './auth/access-keys';
import { createBearerTokensService, type BearerTokensService } from './auth/bearer-tokens';
import { createKeyNotices } from './auth/key-notices';
import { createAuthService, type AuthService } from './auth/service';
import { createWalletSessionTokens } from './auth/wallet-sessions';
import { createSessionsService, type SessionsService } from './identity/sessions';
import { createNamesService, type NamesService } from './identity/names';
import { createChainsService, type ChainsService } from './chains';
import { createCollectionsService, type CollectionsService } from './collections/service';
import { createIndexerService, type IndexerService } from './indexer/service';
import { createApprovalsService, type ApprovalsService } from './approvals/service';
import { createGatewayServices, type GatewayServices } from './gateway-services';
import { createIndexerExtrasService, type IndexerExtrasService } from './indexer/extras-service';
import type { BalanceRepair } from './indexer/sync-balance';
import { createLimitsService, type LimitsService } from './limits/service';
import { createChainSourcesService, type ChainSourcesService, type ContractPruner } from './indexer/sources';
import { createProjectsService, type ProjectsService } from './projects/service';
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions/service';
import type { ContractsService } from './contracts/service';
import type { ContractOverridesService } from './contracts/overrides';
import type { TokenSearchService } from './token-search/service';
import type { TokenDirectoryService } from './trust/directory';
import type { VerdictStore } from './trust/verdict-store';
import type { SpamVerdictsService } from './trust/verdicts';
import { createMetadataServices } from './metadata-services';
import type { CollectionLinksService } from './token-metadata/links';
import type { TokenMetadataService } from './token-metadata/service';
import type { MetadataTasksService } from './metadata-jobs/task-service';
import { createWalletsService, type WalletsService } from './wallets/service';
import { createSignatureChecksService, type SignatureChecksService } from './identity/signatures';
import { createWebhooksService } from './webhooks/service';
import type { WebhooksService } from './webhooks/types';
import { createWebhookStatsService, type WebhookStatsService } from './webhook-stats/service';
import { createReads, type Reads } from './reads';
import { createMediaService, type MediaService } from './media/service';
import { createLogger } from '../config/logger';

export type Services = GatewayServices & {
  auth: AuthService;
  /** A project's access keys: list, issue, rename, limit to origins, make default, rotate, revoke. */
  accessKeys: AccessKeysService;
  bearerTokens: BearerTokensService;
  /** Request rate and monthly quota per access key, charged at the edge; usage per key and day. */
  limits: LimitsService;
  projects: ProjectsService;
  chains: ChainsService;
  collections: CollectionsService;
  /** Uploaded media of hosted collection tokens. */
  assets: AssetsService;
  subscriptions: SubscriptionsService;
  /** Indexer reads: balances, summaries, transaction history, balance updates, chain progress. */
  indexer: IndexerService;
  /** Token approvals of an owner: current allowances, approved tokens and operators, and approval events. */
  approvals: ApprovalsService;
  /** The newer clients' Indexer methods: native balances, balance filters, supplies, token ids, receipts, SyncBalance. */
  indexerExtras: IndexerExtrasService;
  /** The contracts chains with a `contracts` list are limited to: add, remove, prune, progress. */
  sources: ChainSourcesService;
  /** Metadata service: contract info (search, operator flags) and token metadata (cached fetches, collection links). */
  contracts: ContractsService;
  tokenMetadata: TokenMetadataService;
  /** Metadata refresh tasks (RefreshTokenMetadata, GetTask, …); the worker that runs them is src/workers/metadata-tasks.ts. */
  metadataTasks: MetadataTasksService;
  collectionLinks: CollectionLinksService;
  /** The operator's contract-info overrides (Admin). */
  contractOverrides: ContractOverridesService;
  /** Trait search and property filters over stored token metadata. */
  tokenSearch: TokenSearchService;
  /** What Strata trusts as a real token: token lists plus the operator's curation (GetTokenDirectory, Admin curation). */
  tokenDirectory: TokenDirectoryService;
  /** Spam verdicts with reasons on contract info (domain/trust/verdict-rules.ts). */
  spamVerdicts: SpamVerdictsService;
  /** The stored verdicts: which contracts the filters and the wire's `extensions.blacklist` treat as spam. */
  verdictStore: VerdictStore;
  wallets: WalletsService;
  /** Whether a wallet signed a digest, message or typed data (EOA, ERC-1271, ERC-6492), asked for by an app. */
  signatureChecks: SignatureChecksService;
  /** Wallet sessions: GetAuthToken's tokens, which stand for a wallet's proof in its own reads (provenWallet). */
  sessions: SessionsService;
  /** ENS names: forward, reverse (primary names, verified forward), and names where accounts are input. */
  names: NamesService;
  analytics: AnalyticsService;
  /** A project's webhook listeners: management, delivery log, replay (delivery itself: webhooks/due-deliveries.ts, run by src/workers/webhook-delivery.ts). */
  webhooks: WebhooksService;
  /** A listener's deliveries per hour and their latency (the console's chart). */
  webhookStats: WebhookStatsService;
  /** Whether a query's reads may go to a read replica. */
  reads: Reads;
  /** The media cache: token media fetched, made safe, thumbnailed and served under /media (its worker: src/workers/media.ts). */
  media: MediaService;
};

/** `pruneContract`: ingestion's, the only writer of chain tables (ingestion/prune.ts). */
export type ServiceDeps = {
  config: Config;
  db: Db;
  registry: ChainRegistry;
  pubsub: PubSub;
  pruneContract: ContractPruner;
  /** Ingestion's writer for SyncBalance (ingestion/balance-repair.ts); without it SyncBalance is Unavailable. */
  balanceRepair?: BalanceRepair;
};

export const createServices = ({ config, db, registry, pubsub, pruneContract, balanceRepair }: ServiceDeps): Services => {
  const sessionTokens = createWalletSessionTokens({ db, secret: config.identity.sessions.secret, lifetimeSeconds: config.identity.sessions.lifetimeSeconds });
  const auth = createAuthService({
    db,
    sessions: sessionTokens,
    jwtSecret: config.jwtSecret,
    throttle: { limit: config.edge.authFailureLimit, windowSeconds: config.edge.authFailureWindowSeconds, redisUrl: config.redisUrl },
    adminToken: config.adminToken,
    bearerTokenDays: config.bearerTokenDays,
  });
  const bearerTokens = createBearerTokensService({ db, auth, defaultDays: config.bearerTokenDays });
  const chains = createChainsService({ chains: config.chains });
  // A revoked, rotated or changed key is forgotten by every server and ends its open streams; so does a stream's bearer
  // token once it expires or is revoked (auth/key-notices.ts).
  const keyNotices = createKeyNotices({ db, pubsub, forget: (hash) => auth.forgetAccessKey(hash), verify: (creds) => auth.verify(creds) });
  const accessKeys = createAccessKeysService({ db, forget: (hash) => keyNotices.announce(hash) });
  const projects = createProjectsService({ db, auth, accessKeys, adminToken: config.adminToken });
  // The collections delete their tokens' files through the assets service, which checks ownership through them.
  let assets: AssetsService | undefined;
  // One storage for uploaded files and cached media (content-addressed keys under media/).
  const storage = createFileStorage(config.assets);
  const collections = createCollectionsService({ db, auth, publicUrl: config.publicUrl, removeFiles: (c, t) => assets!.removeFor(c, t) });
  assets = createAssetsService({
    db,
    storage,
    collections,
    publicUrl: config.publicUrl,
    maxBytes: config.assets.maxBytes,
  });
  const limits = createLimitsService({
    db,
    auth,
    defaults: config.keyLimits,
    redisUrl: config.redisUrl,
    // Named like the deployment's event channels, so deployments sharing a Redis never share counters.
    namespace: async () => config.events.namespace ?? (await readDeploymentId(db)),
  });
  const subscriptions = createSubscriptionsService({ auth, chains, pubsub, db, keyNotices });
  const signatureChecks = createSignatureChecksService({ auth, chains, registry });
  const webhooks = createWebhooksService({ db, auth, chains, pubsub, settings: config.webhooks });
  const media = createMediaService({ config, db, storage, chains, auth, logger: createLogger(config).child({ area: 'media' }) });
  const indexer = createIndexerService({ db, auth, chains, registry, adminToken: config.adminToken });
  const wallets = createWalletsService({ db, auth, chains, registry, publicUrl: config.publicUrl });
  const gatewayServices = createGatewayServices({ config, db, registry, auth, chains, wallets });
  return {
    auth,
    accessKeys,
    bearerTokens,
    limits,
    projects,
    chains,
    collections,
    assets,
    subscriptions,
    indexer,
    approvals: createApprovalsService({ db, auth, chains }),
    indexerExtras: createIndexerExtrasService({
      db,
      auth,
      chains,
      registry,
      subscriptions,
      balanceRepair: balanceRepair ?? null,
      receiptWaitsPerKey: config.keyLimits.receiptWaits,
    }),
    sources: createChainSourcesService({ db, chains, pruneContract }),
    ...createMetadataServices({ config, db, registry, auth, chains, collections, media, pubsub }),
    wallets,
    signatureChecks,
    sessions: createSessionsService({ auth, chains, checks: signatureChecks, tokens: sessionTokens }),
    names: createNamesService({ auth, chains, registry, ens: config.identity.ens }),
    analytics: createAnalyticsService({ db, auth, chains, projects }),
    webhooks,
    webhookStats: createWebhookStatsService({ db, webhooks }),
    ...gatewayServices,
    reads: createReads({ replicas: config.readReplicas.urls.length > 0 }),
    media,
  };
};
