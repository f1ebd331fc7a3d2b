// Which chains a request may name: `chainID` is a configured chain id or its configured name.
import type { ChainConfig } from '../config';
import { DomainError, invalidArgument } from './errors';

export type ChainsService = {
  all(): readonly ChainConfig[];
  /** Resolves `chainID` (number, decimal string or name); ChainNotFound when it is not configured. */
  resolve(field: string, chainID: unknown): ChainConfig;
};

export const createChainsService = ({ chains }: { chains: readonly ChainConfig[] }): ChainsService => ({
  all: () => chains,
  resolve(field, chainID) {
    if (chainID === undefined || chainID === null || chainID === '') throw invalidArgument(field, 'is required');
    if (typeof chainID !== 'string' && typeof chainID !== 'number') throw invalidArgument(field, 'must be a chain id or name');
    const text = String(chainID).trim().toLowerCase();
    const found = /^\d+$/.test(text) ? chains.find((c) => c.chainId === Number(text)) : chains.find((c) => c.name === text);
    if (!found) throw new DomainError('ChainNotFound', `${field}: chain ${JSON.stringify(chainID)} is not configured`, field);
    return found;
  },
});
