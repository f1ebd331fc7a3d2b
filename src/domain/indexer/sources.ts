// The contracts a chain is limited to, as operators manage them (`strata chain add|remove|list|prune`): they record
// what they want; the chain's ingester moves each contract there (ingestion/watched-contracts.ts). Pruning deletes the
// indexed data of contracts the ingester has stopped, through ingestion (the only writer of chain tables).
import { ChainCheckpointEntity, WatchedContractEntity, type Db, type WatchedContractRow } from '../../db';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument } from '../errors';
import { requireAddress } from '../validate';

export type WatchedContractProgress = {
  address: string;
  origin: WatchedContractRow['origin'];
  wanted: WatchedContractRow['wanted'];
  state: WatchedContractRow['state'];
  startBlock: number | null;
  /** Its logs are committed up to here; for a live contract, the chain's indexed block. */
  indexedBlock: number | null;
  /** Share of its range done, 0–100 (100 once live). */
  percent: number | null;
  /** Seconds until it joins the head following, at its measured speed; null when unknown or done. */
  etaSeconds: number | null;
  error: string | null;
};

/**
 * Deletes one stopped contract's indexed data and forgets it, in one transaction (ingestion/prune.ts: the chain tables'
 * writer does it, so that its undo log cannot bring the rows back).
 */
export type ContractPruner = (chainId: number, contract: string) => Promise<{ transfers: number; balances: number }>;

export type PruneResult = { chainId: number; pruned: Array<{ address: string; transfers: number; balances: number }>; waiting: string[] };

export type ChainSourcesService = {
  list(chainRef: unknown): Promise<WatchedContractProgress[]>;
  add(chainRef: unknown, address: unknown, startBlock?: number): Promise<WatchedContractProgress>;
  remove(chainRef: unknown, address: unknown): Promise<WatchedContractProgress>;
  /** Deletes the transfers, balances and market events of removed contracts, and forgets them. */
  prune(chainRef: unknown): Promise<PruneResult>;
  /** Progress of every named contract of a chain, as of the chain's indexed block. */
  progress(chainId: number, indexedBlock: number | null): Promise<WatchedContractProgress[]>;
};

export const progressOf = (row: WatchedContractRow, indexed: number | null): WatchedContractProgress => {
  const live = row.state === 'live';
  const at = live ? indexed : row.backfilledTo;
  const span = row.startBlock !== null && indexed !== null ? indexed - row.startBlock + 1 : null;
  const done = at !== null && row.startBlock !== null ? at - row.startBlock + 1 : null;
  const percent = live ? 100 : span && done !== null ? Math.max(0, Math.min(100, Math.round((1000 * done) / span) / 10)) : null;
  const remaining = indexed !== null && at !== null ? indexed - at : null;
  return {
    address: row.address,
    origin: row.origin,
    wanted: row.wanted,
    state: row.state,
    startBlock: row.startBlock,
    indexedBlock: at,
    percent,
    etaSeconds: row.state === 'backfilling' && remaining !== null && row.blocksPerSecond ? Math.round(remaining / row.blocksPerSecond) : null,
    error: row.error,
  };
};

export const createChainSourcesService = ({ db, chains, pruneContract }: { db: Db; chains: ChainsService; pruneContract: ContractPruner }): ChainSourcesService => {
  const repo = db.getRepository(WatchedContractEntity);

  const namedChain = (chainRef: unknown) => {
    const chain = chains.resolve('chain', chainRef);
    if (!chain.contracts) {
      throw new DomainError('InvalidArgument', `chain ${chain.chainId} indexes every token contract; give it a "contracts" list in CHAINS to name its contracts`, 'chain');
    }
    return chain;
  };
  const indexedOf = async (chainId: number) => (await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId }))?.indexedBlock ?? null;
  const one = async (chainId: number, address: string) => {
    const row = await repo.findOneBy({ chainId, address });
    if (!row) throw new DomainError('NotFound', `contract ${address} is not named on chain ${chainId}`, 'address');
    return progressOf(row, await indexedOf(chainId));
  };

  const service: ChainSourcesService = {
    async list(chainRef) {
      const chain = namedChain(chainRef);
      return service.progress(chain.chainId, await indexedOf(chain.chainId));
    },

    async progress(chainId, indexedBlock) {
      const rows = await repo.find({ where: { chainId }, order: { addedAt: 'ASC', address: 'ASC' } });
      return rows.map((r) => progressOf(r, indexedBlock));
    },

    async add(chainRef, address, startBlock) {
      const chain = namedChain(chainRef);
      const contract = requireAddress('address', address);
      if (startBlock !== undefined && (!Number.isSafeInteger(startBlock) || startBlock < 0)) throw invalidArgument('startBlock', 'must be a block number');
      const now = new Date();
      const row = await repo.findOneBy({ chainId: chain.chainId, address: contract });
      if (!row) {
        await repo.insert({
          chainId: chain.chainId,
          address: contract,
          origin: 'operator',
          wanted: 'indexed',
          state: 'pending',
          startBlock: startBlock ?? null,
          backfilledTo: null,
          blocksPerSecond: null,
          error: null,
          addedAt: now,
          updatedAt: now,
        });
      } else if (row.state === 'failed') {
        // The ingester leaves failed contracts alone: asking again is a new try.
        await repo.update({ chainId: chain.chainId, address: contract }, { wanted: 'indexed', state: 'pending', startBlock: startBlock ?? row.startBlock, error: null, updatedAt: now });
      } else {
        await repo.update({ chainId: chain.chainId, address: contract }, { wanted: 'indexed', updatedAt: now });
      }
      return one(chain.chainId, contract);
    },

    async remove(chainRef, address) {
      const chain = namedChain(chainRef);
      const contract = requireAddress('address', address);
      const { affected } = await repo.update({ chainId: chain.chainId, address: contract }, { wanted: 'removed', updatedAt: new Date() });
      if (!affected) throw new DomainError('NotFound', `contract ${contract} is not named on chain ${chain.chainId}`, 'address');
      return one(chain.chainId, contract);
    },

    async prune(chainRef) {
      const chain = namedChain(chainRef);
      const chainId = chain.chainId;
      const rows = await repo.findBy({ chainId, wanted: 'removed' });
      const pruned: PruneResult['pruned'] = [];
      for (const row of rows.filter((r) => r.state === 'removed')) {
        pruned.push({ address: row.address, ...(await pruneContract(chainId, row.address)) });
      }
      // Asked to go, but the ingester has not stopped them yet (it does at its next round).
      const waiting = rows.filter((r) => r.state !== 'removed').map((r) => r.address);
      return { chainId, pruned, waiting };
    },
  };
  return service;
};
