// What the Indexer reads from the chain itself and from ingestion's bookkeeping: native coin balances and per-chain progress.
import type { ChainConfig } from '../../config';
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import { ChainCheckpointEntity } from '../../db';
import type { ChainStatus, NativeBalance } from './types';

/** eth_getBalance per account at the node's latest block; a node failure is reported per account, not thrown. */
export const readNativeBalances = async (registry: Pick<ChainRegistry, 'client'>, chainId: number, accounts: string[]): Promise<NativeBalance[]> =>
  Promise.all(
    accounts.map(async (accountAddress): Promise<NativeBalance> => {
      try {
        const client = await registry.client(chainId);
        const wei = await client.eth_getBalance(accountAddress, 'latest');
        return { chainId, accountAddress, balance: wei.toString(), errorReason: null };
      } catch {
        return { chainId, accountAddress, balance: '0', errorReason: `chain ${chainId}: the node did not answer; try again later` };
      }
    }),
  );

/** Every configured chain, in configuration order, with its checkpoint (nulls before ingestion first ran). */
export const readChainStatus = async (db: Db, chains: readonly ChainConfig[]): Promise<ChainStatus[]> => {
  const rows = await db.getRepository(ChainCheckpointEntity).find();
  const byId = new Map(rows.map((r) => [r.chainId, r]));
  return chains.map((c) => {
    const cp = byId.get(c.chainId);
    return {
      chainId: c.chainId,
      name: c.name,
      indexedBlock: cp?.indexedBlock ?? null,
      indexedHash: cp?.indexedHash ?? null,
      headBlock: cp?.headBlock ?? null,
      finalizedBlock: cp?.finalizedBlock ?? null,
      lag: cp ? Math.max(0, cp.headBlock - cp.indexedBlock) : null,
      updatedAt: cp?.updatedAt ?? null,
    };
  });
};
