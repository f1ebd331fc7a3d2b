// A named contract added to a running chain catches up on its own cursor while the chain's cursor keeps following the
// head: batches of its logs alone, up to the chain's finalized block (no undo needed there), then one last range up to
// the chain's cursor, read against the block hashes the chain stored (a reorg pending there makes it wait a round),
// written with undo entries, and the contract joins the chain's cursor in the same transaction.
import { In, type EntityManager } from 'typeorm';
import type { ChainClient } from '../chain';
import type { Logger } from '../config/logger';
import { BlockEntity, ChainCheckpointEntity, WatchedContractEntity, dialectOf, type ContractRow, type Db, type WatchedContractRow } from '../db';
import { writeBatchRows } from './apply-batch';
import { refreshAllowances } from './allowance-refresh';
import { createBalanceCache } from './balance-cache';
import { backfillBatches, createRangeSizer, type RangeSizer } from './backfill';
import type { ContractTracker } from './contracts';
import { BlockChangedError, fetchRange } from './fetch-range';
import type { Batch } from './types';

/** Backfill batches of one contract per round, so that the chain's own round comes back soon. */
const BATCHES_PER_ROUND = 4;

const lockedRow = async (m: EntityManager, db: Db, chainId: number, address: string) => {
  const q = m.getRepository(WatchedContractEntity).createQueryBuilder('w').where('w.chainId = :chainId AND w.address = :address', { chainId, address });
  if (dialectOf(db) === 'mysql') q.setLock('pessimistic_write');
  return q.getOne();
};

/** Whether the stored headers of the batch's blocks are the ones it was read against. */
const sameBranch = async (m: EntityManager, batch: Batch): Promise<boolean> => {
  const numbers = batch.blocks.map((b) => b.number);
  const stored = numbers.length ? await m.getRepository(BlockEntity).findBy({ chainId: batch.chainId, number: In(numbers) }) : [];
  const read = new Map(batch.blocks.map((b) => [b.number, b.hash]));
  return stored.every((s) => read.get(s.number) === s.hash);
};

export type ContractBackfill = {
  /** One round for one backfilling contract; true when it joined the chain's cursor. */
  step(client: ChainClient, row: WatchedContractRow, tracker: ContractTracker, finalized: number): Promise<boolean>;
};

/** `approvals`: the chain indexes approval logs (config `approvals`), the contract's too. */
export const createContractBackfill = ({ db, chainId, maxLogRange, logger, approvals = false }: { db: Db; chainId: number; maxLogRange: number; logger: Logger; approvals?: boolean }): ContractBackfill => {
  const sizers = new Map<string, RangeSizer>();
  const checkpoints = db.getRepository(ChainCheckpointEntity);

  /** Commits one batch of the contract; `join`: the batch ends at the chain's cursor, and the contract goes live. */
  const commit = async (batch: Batch, address: string, contracts: ContractRow[], join: boolean, startedAt: number): Promise<boolean> =>
    db.transaction(async (m) => {
      const row = await lockedRow(m, db, chainId, address);
      if (!row || row.state !== 'backfilling' || row.backfilledTo !== batch.fromBlock - 1) return false;
      if (join) {
        const cp = await m.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
        if (!cp || cp.indexedBlock !== batch.toBlock || cp.indexedHash !== batch.toHash || !(await sameBranch(m, batch))) return false;
      }
      // Below the chain's finalized block nothing is undone; the joining range may still be, like the chain's own writes.
      await writeBatchRows(m, batch, contracts, createBalanceCache(), join ? batch.fromBlock : Infinity);
      const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
      const rate = (batch.toBlock - batch.fromBlock + 1) / seconds;
      await m.getRepository(WatchedContractEntity).update(
        { chainId, address },
        {
          backfilledTo: batch.toBlock,
          state: join ? 'live' : 'backfilling',
          blocksPerSecond: row.blocksPerSecond === null ? rate : row.blocksPerSecond * 0.7 + rate * 0.3,
          updatedAt: new Date(),
        },
      );
      return true;
    });

  return {
    async step(client, row, tracker, finalized) {
      const address = row.address;
      const cp = (await checkpoints.findOneBy({ chainId }))!;
      const from = row.backfilledTo! + 1;
      const target = Math.min(cp.indexedBlock, finalized);
      if (from <= target) {
        let sizer = sizers.get(address);
        if (!sizer) sizers.set(address, (sizer = createRangeSizer(maxLogRange)));
        let done = 0;
        let startedAt = Date.now();
        for await (const batch of backfillBatches(client, from, target, sizer, { addresses: [address], inFlight: 2, approvals })) {
          const contracts = await tracker.newContracts(batch.transfers);
          await refreshAllowances(db, client, batch);
          if (!(await commit(batch, address, contracts, false, startedAt))) return false;
          tracker.remember(contracts);
          startedAt = Date.now();
          if (++done >= BATCHES_PER_ROUND) break;
        }
        return false;
      }
      if (from > cp.indexedBlock + 1) return false; // starts above the chain's cursor: wait for it
      if (from === cp.indexedBlock + 1) {
        // Nothing between its cursor and the chain's: it joins as it stands.
        const joined = await db.transaction(async (m) => {
          const locked = await lockedRow(m, db, chainId, address);
          const now = await m.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
          if (locked?.state !== 'backfilling' || locked.backfilledTo !== now?.indexedBlock) return false;
          await m.getRepository(WatchedContractEntity).update({ chainId, address }, { state: 'live', updatedAt: new Date() });
          return true;
        });
        if (joined) logger.info({ contract: address, at: cp.indexedBlock }, 'named contract caught up; following the head with the chain');
        return joined;
      }
      let batch: Batch;
      try {
        batch = await fetchRange(client, from, cp.indexedBlock, { allHeaders: true, receipts: true, live: false, addresses: [address], approvals });
      } catch (err) {
        if (err instanceof BlockChangedError) return false;
        throw err;
      }
      const contracts = await tracker.newContracts(batch.transfers);
      await refreshAllowances(db, client, batch);
      const joined = await commit(batch, address, contracts, true, Date.now());
      if (joined) {
        tracker.remember(contracts);
        sizers.delete(address);
        logger.info({ contract: address, at: batch.toBlock }, 'named contract caught up; following the head with the chain');
      }
      return joined;
    },
  };
};
