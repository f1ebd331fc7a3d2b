// One ChainClient per configured chain, created on first use and closed together.
import type { ChainConfig } from '../config';
import { createChainClient, type ChainClient } from './client';
import type { ChainLogger } from './transport';

export type ChainRegistry = {
  configs: readonly ChainConfig[];
  /** The client of a configured chain; throws for an unconfigured id. */
  client(chainId: number): Promise<ChainClient>;
  close(): Promise<void>;
};

export const createChainRegistry = ({ chains, logger }: { chains: readonly ChainConfig[]; logger?: ChainLogger }): ChainRegistry => {
  const clients = new Map<number, Promise<ChainClient>>();
  return {
    configs: chains,
    client(chainId) {
      const config = chains.find((c) => c.chainId === chainId);
      if (!config) return Promise.reject(new Error(`chain ${chainId} is not configured`));
      let client = clients.get(chainId);
      if (!client) {
        client = createChainClient({
          chainId,
          endpoints: [...config.endpoints],
          maxConcurrency: config.maxConcurrency,
          maxLagBlocks: config.maxLagBlocks,
          endpointProbeMs: config.headProbeMs,
          logger,
        });
        // A failed connection must not be cached forever: the next call retries.
        client.catch(() => clients.delete(chainId));
        clients.set(chainId, client);
      }
      return client;
    },
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.allSettled(all.map(async (c) => (await c).close()));
    },
  };
};
