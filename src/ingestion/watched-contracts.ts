// The contracts a chain is limited to (CHAINS `contracts`, `strata chain add|remove`). Operators write what they want
// (`wanted`); the chain's ingester alone moves each contract's `state` and cursor toward it, at the start of a round,
// so the set of contracts a round fetches never changes under it:
//   pending → backfilling (start block known, its own cursor) → live (joined the chain's cursor, contract-backfill.ts)
//   any → removed (its data stays until `strata chain prune`); removed → backfilling again, from where it stopped.
import { findDeploymentBlock, NoContractError, type ChainClient } from '../chain';
import type { ChainConfig } from '../config';
import type { Logger } from '../config/logger';
import { WatchedContractEntity, type Db, type WatchedContractRow } from '../db';

export type WatchRound = {
  /** Contracts whose logs the chain's cursor fetches, sorted. */
  live: string[];
  /** Contracts catching up on their own cursor. */
  backfilling: WatchedContractRow[];
};

export type WatchList = {
  /** Applies CHAINS `contracts`: new ones are wanted, config ones no longer listed are not. */
  reconcile(): Promise<void>;
  /** Moves every contract toward what is wanted, the chain's cursor standing at `indexed`; returns this round's sets. */
  refresh(client: ChainClient, indexed: number): Promise<WatchRound>;
};

export const createWatchList = ({ db, chain, logger }: { db: Db; chain: ChainConfig; logger: Logger }): WatchList => {
  const chainId = chain.chainId;
  const repo = db.getRepository(WatchedContractEntity);

  /** A pending contract's start block: configured, or its deployment block. Null when it cannot be found. */
  const startOf = async (client: ChainClient, row: WatchedContractRow): Promise<number | null> => {
    if (row.startBlock !== null) return row.startBlock;
    try {
      return await findDeploymentBlock(client, row.address, await client.eth_blockNumber());
    } catch (err) {
      if (!(err instanceof NoContractError)) throw err;
      await repo.update({ chainId, address: row.address }, { state: 'failed', error: err.message, updatedAt: new Date() });
      logger.warn({ contract: row.address, err: err.message }, 'named contract not indexed');
      return null;
    }
  };

  return {
    async reconcile() {
      const listed = new Map((chain.contracts ?? []).map((c) => [c.address, c]));
      const rows = await repo.findBy({ chainId });
      const now = new Date();
      for (const row of rows) {
        const wanted = listed.has(row.address) ? 'indexed' : row.origin === 'config' ? 'removed' : row.wanted;
        if (wanted !== row.wanted) await repo.update({ chainId, address: row.address }, { wanted, updatedAt: now });
        listed.delete(row.address);
      }
      const added = [...listed.values()].map(
        (c): WatchedContractRow => ({
          chainId,
          address: c.address,
          origin: 'config',
          wanted: 'indexed',
          state: 'pending',
          startBlock: c.startBlock,
          backfilledTo: null,
          blocksPerSecond: null,
          error: null,
          addedAt: now,
          updatedAt: now,
        }),
      );
      if (added.length) await repo.insert(added);
    },

    async refresh(client, indexed) {
      const rows = await repo.findBy({ chainId });
      const now = new Date();
      for (const row of rows) {
        const key = { chainId, address: row.address };
        if (row.wanted === 'removed' && row.state !== 'removed') {
          // A live contract's logs are committed up to the chain's cursor: that is where a later return resumes.
          const backfilledTo = row.state === 'live' ? indexed : row.backfilledTo;
          Object.assign(row, { state: 'removed', backfilledTo });
          await repo.update(key, { state: 'removed', backfilledTo, updatedAt: now });
          logger.info({ contract: row.address, through: backfilledTo }, 'named contract removed; its data stays until pruned');
        } else if (row.wanted === 'indexed' && row.state === 'removed') {
          const state = row.backfilledTo === null ? 'pending' : 'backfilling';
          row.state = state;
          await repo.update(key, { state, updatedAt: now });
        }
        if (row.state === 'pending') {
          const start = await startOf(client, row);
          if (start === null) {
            row.state = 'failed';
            continue;
          }
          Object.assign(row, { state: 'backfilling', startBlock: start, backfilledTo: start - 1 });
          await repo.update(key, { state: 'backfilling', startBlock: start, backfilledTo: start - 1, error: null, updatedAt: now });
          logger.info({ contract: row.address, startBlock: start }, 'named contract: backfilling from its start block');
        }
      }
      return {
        live: rows.filter((r) => r.state === 'live').map((r) => r.address).sort(),
        backfilling: rows.filter((r) => r.state === 'backfilling'),
      };
    },
  };
};
