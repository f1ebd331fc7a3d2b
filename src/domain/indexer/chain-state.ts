// What the Indexer reads from the chain itself and from ingestion's bookkeeping: native coin balances and per-chain progress.
import type { ChainConfig } from '../../config';
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import { ChainCheckpointEntity, WatchedContractEntity } from '../../db';
import { progressOf } from './sources';
import type { ChainStatus, EndpointHealth, NativeBalance } from './types';

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
/** The endpoints' health the ingester stored (chain/endpoint-pool.ts EndpointStatus); the first usable one is in use. */
const endpointsOf = (json: string | null | undefined): EndpointHealth[] => {
  const list = json ? (JSON.parse(json) as Array<Omit<EndpointHealth, 'inUse' | 'benchedUntil'> & { benchedUntil: number | null }>) : [];
  const inUse = list.findIndex((e) => e.state === 'healthy') === -1 ? 0 : list.findIndex((e) => e.state === 'healthy');
  return list.map((e, i) => ({ ...e, inUse: i === inUse, benchedUntil: e.benchedUntil === null ? null : new Date(e.benchedUntil) }));
};

export const readChainStatus = async (db: Db, chains: readonly ChainConfig[]): Promise<ChainStatus[]> => {
  const rows = await db.getRepository(ChainCheckpointEntity).find();
  const byId = new Map(rows.map((r) => [r.chainId, r]));
  const watched = await db.getRepository(WatchedContractEntity).find({ order: { addedAt: 'ASC', address: 'ASC' } });
  return chains.map((c) => {
    const cp = byId.get(c.chainId);
    return {
      finalitySource: cp?.finalitySource ?? null,
      endpoints: endpointsOf(cp?.endpointsJson),
      contracts: c.contracts ? watched.filter((w) => w.chainId === c.chainId).map((w) => progressOf(w, cp?.indexedBlock ?? null)) : [],
      chainId: c.chainId,
      name: c.name,
      indexedBlock: cp?.indexedBlock ?? null,
      indexedHash: cp?.indexedHash ?? null,
      headBlock: cp?.headBlock ?? null,
      finalizedBlock: cp?.finalizedBlock ?? null,
      lag: cp ? Math.max(0, cp.headBlock - cp.indexedBlock) : null,
      eventsIndexed: cp?.eventsIndexed ?? 0,
      updatedAt: cp?.updatedAt ?? null,
    };
  });
};
