// One account's native coin balance on one chain, read from the node (eth_getBalance at its latest block).
import type { ChainRegistry } from '../../chain/registry';
import { DomainError } from '../errors';
import { readNativeBalances } from './chain-state';
import type { NativeBalance } from './types';

/** Unavailable when the node cannot answer: a single balance has no partial answer to give (lists carry errorReason). */
export const readNativeBalance = async (registry: Pick<ChainRegistry, 'client'>, chainId: number, account: string): Promise<NativeBalance> => {
  const [b] = await readNativeBalances(registry, chainId, [account]);
  if (b.errorReason) throw new DomainError('Unavailable', b.errorReason);
  return b;
};
