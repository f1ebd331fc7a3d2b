// Composition root of the multi-chain gateway, the portfolio it fans out for, and the runtime status, beside
// services.ts (it composes indexer/, prices/, portfolio/ and runtime-status.ts, so it sits above them): one node-health
// check and one book of response times shared by the gateway and RuntimeStatus, so RuntimeStatus reports what the
// gateway saw.
import type { Config } from '../config';
import { readBuildInfo } from '../config/build';
import type { ChainRegistry } from '../chain/registry';
import type { Db } from '../db';
import type { AuthService } from './auth/service';
import type { ChainsService } from './chains';
import { createRuntimeStatusService, type RuntimeStatusService } from './runtime-status';
import { createSafeFetcher } from '../web';
import { createPriceFeed } from './prices/feed';
import { createPricesService, type PricesService } from './prices/service';
import { createChainHealth } from './indexer/chain-health';
import { createGatewayService, type GatewayService } from './indexer/gateway';
import { createGatewayReads, type GatewayReads } from './indexer/gateway-reads';
import { createLatencyBook } from './indexer/latency';
import { createIndexerService } from './indexer/service';
import { createPortfolioService, type PortfolioService } from './portfolio/service';
import type { WalletsService } from './wallets/service';

export type GatewayServices = {
  /** The IndexerGateway's fan-out over the configured chains. */
  gateway: GatewayService & GatewayReads;
  /** Ping, Version and RuntimeStatus of every service. */
  runtimeStatus: RuntimeStatusService;
  /** USD prices from the operator's feed (PRICE_FEED_URL); none by default. */
  prices: PricesService;
  /** A parent wallet's and its linked wallets' balances and history on several chains at once, proven like GetLinkedWallets. */
  portfolio: PortfolioService;
};

export const createGatewayServices = ({
  config,
  db,
  registry,
  auth,
  chains,
  wallets,
}: {
  config: Config;
  db: Db;
  registry: Pick<ChainRegistry, 'client'>;
  auth: AuthService;
  chains: ChainsService;
  wallets: WalletsService;
}): GatewayServices => {
  const { concurrency, chainTimeoutMs, healthTtlMs } = config.gateway;
  // The node check must end well within a chain's bound, so a stopped node is reported as such, not as slow.
  const health = createChainHealth({ registry, ttlMs: healthTtlMs, timeoutMs: Math.min(1000, Math.ceil(chainTimeoutMs / 2)) });
  const latency = createLatencyBook();
  const core = createGatewayService({ auth, chains, health, latency, bounds: { concurrency, chainTimeoutMs } });
  // The same single-chain reads the Indexer serves (the factory holds no state of its own).
  const indexer = createIndexerService({ db, auth, chains, registry, adminToken: config.adminToken });
  return {
    // eachChecked stays here: the portfolio checks its callers itself, a resolver never could.
    gateway: { select: core.select, each: core.each, paged: core.paged, ...createGatewayReads({ gateway: core, indexer, db, registry }) },
    portfolio: createPortfolioService({ db, registry, auth, wallets, gateway: core }),
    prices: createPricesService({ auth, chains, feed: priceFeedOf(config) }),
    runtimeStatus: createRuntimeStatusService({ db, auth, chains, health, latency, build: readBuildInfo(), adminToken: config.adminToken }),
  };
};

/** The feed is fetched like any untrusted URL (private addresses refused unless PRICE_FEED_ALLOW_HOSTS opens them). */
const priceFeedOf = ({ priceFeed }: Config) =>
  priceFeed.url
    ? createPriceFeed({ url: priceFeed.url, ttlMs: priceFeed.ttlMs, fetcher: createSafeFetcher({ allowHosts: [...priceFeed.allowHosts] }) })
    : null;
