// Composition root of the Metadata service's parts, beside services.ts (it composes contracts/, token-metadata/,
// token-search/, metadata-jobs/ and trust/, so it sits above them). Builds the parts (contracts, token metadata, collection links) around one fetcher and two job pools.
import type { Config } from '../config';
import { createLogger } from '../config/logger';
import type { Db } from '../db';
import type { ChainRegistry } from '../chain/registry';
import type { FetchPolicy } from '../web';
import type { AuthService } from './auth/service';
import type { ChainsService } from './chains';
import type { CollectionsService } from './collections/service';
import { createBackgroundJobs } from './metadata-fetch/background';
import { createMetadataWeb } from './metadata-fetch/web';
import { createContractsService, type ContractsService } from './contracts/service';
import { createMetadataTasksService, type MetadataTasksService } from './metadata-jobs/task-service';
import { createContractOverridesService, type ContractOverridesService } from './contracts/overrides';
import { createTokenSearchIndex } from './token-search/index-store';
import { createTokenSearchService, type TokenSearchService } from './token-search/service';
import { createCollectionLinksService, type CollectionLinksService } from './token-metadata/links';
import { createTokenMetadataService, type TokenMetadataService } from './token-metadata/service';
import { createTokenDirectoryService, type TokenDirectoryService } from './trust/directory';
import { createSpamVerdictsService, type SpamVerdictsService } from './trust/verdicts';
import { createVerdictStore, type VerdictStore } from './trust/verdict-store';
import type { MediaService } from './media/service';
import type { PubSub } from '../pubsub';

export type MetadataServices = {
  contracts: ContractsService;
  tokenMetadata: TokenMetadataService;
  collectionLinks: CollectionLinksService;
  /** The refresh tasks' requests and reads; src/workers/metadata-tasks.ts runs them (composed in src/main/app.ts). */
  metadataTasks: MetadataTasksService;
  contractOverrides: ContractOverridesService;
  tokenSearch: TokenSearchService;
  /** The token directory (token lists and the operator's curation): feeds contract info and the VERIFIED filter. */
  tokenDirectory: TokenDirectoryService;
  spamVerdicts: SpamVerdictsService;
  /** The stored verdicts the filters and the wire read; src/workers/verdicts.ts keeps them (composed in src/main/app.ts). */
  verdictStore: VerdictStore;
};

export const createMetadataServices = ({
  config,
  db,
  registry,
  auth,
  chains,
  collections,
  fetchPolicy,
  media,
  pubsub,
}: {
  config: Config;
  db: Db;
  registry: ChainRegistry;
  auth: AuthService;
  chains: ChainsService;
  collections: CollectionsService;
  /** Overrides of the fetch policy (tests: extra CA certificates, DNS). */
  fetchPolicy?: Partial<FetchPolicy>;
  /** Told of each document stored, to queue its media (the media cache). */
  media?: Pick<MediaService, 'noteDocument'>;
  /** Where changed spam verdicts are announced (the verdict store). */
  pubsub?: Pick<PubSub, 'publish'>;
}): MetadataServices => {
  const logger = createLogger(config).child({ area: 'metadata' });
  const web = createMetadataWeb(config.metadata, fetchPolicy);
  const onError = (err: unknown, key: string) => logger.error({ err, job: key }, 'metadata background job failed');
  // Two pools: token jobs wait on contract jobs, so sharing one cap could deadlock.
  const contractJobs = createBackgroundJobs({ concurrency: 8, maxQueued: 2_000, onError });
  const tokenJobs = createBackgroundJobs({ concurrency: 16, maxQueued: 10_000, onError });
  const contractOverrides = createContractOverridesService({ db, chains, adminToken: config.adminToken });
  // The directory reads contract infos and contract infos read the directory's listings: the first asks for the second lazily.
  let contracts: ContractsService | undefined;
  const tokenDirectory = createTokenDirectoryService({ config, db, auth, chains, contracts: () => contracts!, logger: logger.child({ area: 'trust' }), fetchPolicy });
  contracts = createContractsService({ config, db, registry, auth, chains, web, jobs: contractJobs, logger, overrides: contractOverrides, directory: tokenDirectory });
  const searchIndex = createTokenSearchIndex({ db, logger });
  const collectionLinks = createCollectionLinksService({ db, registry, chains, collections });
  const tokenMetadata = createTokenMetadataService({
    db,
    registry,
    auth,
    chains,
    contracts,
    links: collectionLinks,
    web,
    jobs: tokenJobs,
    contractJobs,
    logger,
    timeoutMs: config.metadata.timeoutMs,
    retryBaseMs: config.metadata.retryBaseMs,
    searchIndex,
    media,
  });
  const tokenSearch = createTokenSearchService({ db, auth, chains, index: searchIndex, adminToken: config.adminToken });
  const metadataTasks = createMetadataTasksService({ db, auth, chains, adminToken: config.adminToken });
  const spamVerdicts = createSpamVerdictsService({ db });
  const verdictStore = createVerdictStore({ db, infoOf: (keys) => contracts.getMany(keys), verdicts: spamVerdicts, pubsub });
  return { contracts, tokenMetadata, collectionLinks, contractOverrides, tokenSearch, metadataTasks, tokenDirectory, spamVerdicts, verdictStore };
};
