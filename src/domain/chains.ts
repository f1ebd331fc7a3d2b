// Which chains a request may name: `chainId` is a configured chain id or its configured name.
import type { ChainConfig } from '../config';
import { DomainError, invalidArgument } from './errors';
import { quoteValue } from './validate';

export type ChainsService = {
  all(): readonly ChainConfig[];
  /** Resolves `chainId` (number, decimal string or name); ChainNotFound when it is not configured. */
  resolve(field: string, chainId: unknown): ChainConfig;
  /**
   * Like `resolve`, but an absent `chainId` means the only configured chain: the published Indexer
   * clients address one chain per base URL and send no chain id.
   */
  resolveOrOnly(field: string, chainId: unknown): ChainConfig;
};

export const createChainsService = ({ chains }: { chains: readonly ChainConfig[] }): ChainsService => ({
  all: () => chains,
  resolveOrOnly(field, chainId) {
    if (chainId !== undefined && chainId !== null && chainId !== '') return this.resolve(field, chainId);
    if (chains.length === 1) return chains[0];
    if (!chains.length) throw new DomainError('Unavailable', 'no chains are configured on this server (CHAINS)');
    throw invalidArgument(field, `is required: this server indexes ${chains.length} chains`);
  },
  resolve(field, chainId) {
    if (chainId === undefined || chainId === null || chainId === '') throw invalidArgument(field, 'is required');
    if (typeof chainId !== 'string' && typeof chainId !== 'number') throw invalidArgument(field, 'must be a chain id or name');
    const text = String(chainId).trim().toLowerCase();
    const found = /^\d+$/.test(text) ? chains.find((c) => c.chainId === Number(text)) : chains.find((c) => c.name === text);
    if (!found) throw new DomainError('ChainNotFound', `${field}: chain ${quoteValue(chainId)} is not configured`, field);
    return found;
  },
});
