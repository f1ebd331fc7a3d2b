// What the Indexer reads from the chain itself and from ingestion's bookkeeping: native coin balances and per-chain progress.
import { tracesWanted, type ChainConfig } from '../../config';
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
  return list.map((e, i) => ({ ...e, inUse: i === inUse, benchedUntil: e.benchedUntil === null ? null : new Date(e.benchedUntil), traces: e.traces ?? null }));
};

/**
 * Whether the chain's internal transfers are indexed, from its setting and what the ingester found its endpoints
 * serve; when they are not, why: a wallet's history without them is never a silent gap.
 */
export const internalTransfersStatus = (c: ChainConfig, endpoints: EndpointHealth[]): { on: boolean; reason: string | null } => {
  if (c.nativeTransfers !== true) return { on: false, reason: 'native transfers are off on this chain (CHAINS nativeTransfers), and internal ones with them' };
  const setting = tracesWanted(c);
  if (setting === 'off') return { on: false, reason: 'CHAINS traces is "off" for this chain' };
  if (endpoints.some((e) => e.traces === 'debug_traceBlockByNumber' || e.traces === 'trace_block')) return { on: true, reason: null };
  if (endpoints.length && endpoints.every((e) => e.traces === 'none')) {
    return {
      on: false,
      reason:
        setting === 'on'
          ? 'no endpoint of the chain serves debug_traceBlockByNumber or trace_block: ingestion waits for one (CHAINS traces "on")'
          : 'no endpoint of the chain serves debug_traceBlockByNumber or trace_block: internal transfers are left out (CHAINS traces "auto")',
    };
  }
  return { on: false, reason: 'not known yet: ingestion has not asked the chain’s endpoints for traces' };
};

export const readChainStatus = async (db: Db, chains: readonly ChainConfig[]): Promise<ChainStatus[]> => {
  const rows = await db.getRepository(ChainCheckpointEntity).find();
  const byId = new Map(rows.map((r) => [r.chainId, r]));
  const watched = await db.getRepository(WatchedContractEntity).find({ order: { addedAt: 'ASC', address: 'ASC' } });
  return chains.map((c) => {
    const cp = byId.get(c.chainId);
    const endpoints = endpointsOf(cp?.endpointsJson);
    const internal = internalTransfersStatus(c, endpoints);
    return {
      finalitySource: cp?.finalitySource ?? null,
      endpoints,
      contracts: c.contracts ? watched.filter((w) => w.chainId === c.chainId).map((w) => progressOf(w, cp?.indexedBlock ?? null)) : [],
      chainId: c.chainId,
      name: c.name,
      indexedBlock: cp?.indexedBlock ?? null,
      indexedHash: cp?.indexedHash ?? null,
      headBlock: cp?.headBlock ?? null,
      finalizedBlock: cp?.finalizedBlock ?? null,
      lag: cp ? Math.max(0, cp.headBlock - cp.indexedBlock) : null,
      eventsIndexed: cp?.eventsIndexed ?? 0,
      nativeTransfers: c.nativeTransfers === true,
      internalTransfers: internal.on,
      internalTransfersReason: internal.reason,
      approvals: c.approvals === true,
      updatedAt: cp?.updatedAt ?? null,
    };
  });
};
