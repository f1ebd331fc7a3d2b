// Composition of the multi-chain gateway and the runtime status: one node-health check and one book of response
// times shared by both, so RuntimeStatus reports what the gateway saw.
import type { Config } from '../../config';
import { readBuildInfo } from '../../config/build';
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { createRuntimeStatusService, type RuntimeStatusService } from '../runtime-status';
import { createSafeFetcher } from '../../web';
import { createPriceFeed } from '../prices/feed';
import { createPricesService, type PricesService } from '../prices/service';
import { createChainHealth } from './chain-health';
import { createGatewayService, type GatewayService } from './gateway';
import { createGatewayReads, type GatewayReads } from './gateway-reads';
import { createLatencyBook } from './latency';
import { createIndexerService } from './service';

export type GatewayServices = {
  /** The IndexerGateway's fan-out over the configured chains. */
  gateway: GatewayService & GatewayReads;
  /** Ping, Version and RuntimeStatus of every service. */
  runtimeStatus: RuntimeStatusService;
  /** USD prices from the operator's feed (PRICE_FEED_URL); none by default. */
  prices: PricesService;
};

export const createGatewayServices = ({
  config,
  db,
  registry,
  auth,
  chains,
}: {
  config: Config;
  db: Db;
  registry: Pick<ChainRegistry, 'client'>;
  auth: AuthService;
  chains: ChainsService;
}): GatewayServices => {
  const { concurrency, chainTimeoutMs, healthTtlMs } = config.gateway;
  // The node check must end well within a chain's bound, so a stopped node is reported as such, not as slow.
  const health = createChainHealth({ registry, ttlMs: healthTtlMs, timeoutMs: Math.min(1000, Math.ceil(chainTimeoutMs / 2)) });
  const latency = createLatencyBook();
  const core = createGatewayService({ auth, chains, health, latency, bounds: { concurrency, chainTimeoutMs } });
  // The same single-chain reads the Indexer serves (the factory holds no state of its own).
  const indexer = createIndexerService({ db, auth, chains, registry, adminToken: config.adminToken });
  return {
    gateway: { ...core, ...createGatewayReads({ gateway: core, indexer, db, registry }) },
    prices: createPricesService({ auth, chains, feed: priceFeedOf(config) }),
    runtimeStatus: createRuntimeStatusService({ db, auth, chains, health, latency, build: readBuildInfo(), adminToken: config.adminToken }),
  };
};

/** The feed is fetched like any untrusted URL (private addresses refused unless PRICE_FEED_ALLOW_HOSTS opens them). */
const priceFeedOf = ({ priceFeed }: Config) =>
  priceFeed.url
    ? createPriceFeed({ url: priceFeed.url, ttlMs: priceFeed.ttlMs, fetcher: createSafeFetcher({ allowHosts: [...priceFeed.allowHosts] }) })
    : null;
