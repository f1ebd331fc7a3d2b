// Which chains a request may name: `chainID` is a configured chain id or its configured name.
import type { ChainConfig } from '../config';
import { DomainError, invalidArgument } from './errors';

export type ChainsService = {
  all(): readonly ChainConfig[];
  /** Resolves `chainID` (number, decimal string or name); ChainNotFound when it is not configured. */
  resolve(field: string, chainID: unknown): ChainConfig;
  /**
   * Like `resolve`, but an absent `chainID` means the only configured chain: the published Indexer
   * clients address one chain per base URL and send no chain id.
   */
  resolveOrOnly(field: string, chainID: unknown): ChainConfig;
};

export const createChainsService = ({ chains }: { chains: readonly ChainConfig[] }): ChainsService => ({
  all: () => chains,
  resolveOrOnly(field, chainID) {
    if (chainID !== undefined && chainID !== null && chainID !== '') return this.resolve(field, chainID);
    if (chains.length === 1) return chains[0];
    if (!chains.length) throw new DomainError('Unavailable', 'no chains are configured on this server (CHAINS)');
    throw invalidArgument(field, `is required: this server indexes ${chains.length} chains`);
  },
  resolve(field, chainID) {
    if (chainID === undefined || chainID === null || chainID === '') throw invalidArgument(field, 'is required');
    if (typeof chainID !== 'string' && typeof chainID !== 'number') throw invalidArgument(field, 'must be a chain id or name');
    const text = String(chainID).trim().toLowerCase();
    const found = /^\d+$/.test(text) ? chains.find((c) => c.chainId === Number(text)) : chains.find((c) => c.name === text);
    if (!found) throw new DomainError('ChainNotFound', `${field}: chain ${JSON.stringify(chainID)} is not configured`, field);
    return found;
  },
});
