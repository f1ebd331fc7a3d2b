// Writes one batch and moves the checkpoint, in one database transaction; replaying a batch changes nothing.
import type { EntityManager } from 'typeorm';
import {
  BalanceChangeEntity,
  BalanceEntity,
  BlockEntity,
  ChainCheckpointEntity,
  ChainTransactionEntity,
  ContractEntity,
  TransferEntity,
  dialectOf,
  getSqliteRows,
  hexRows,
  toBytes,
  type ContractRow,
  type Db,
  type TransferRow,
} from '../db';
import { balanceKey, balanceRowOf, computeBalances, splitKey, tokenIdOf, touchedKeys, type BalanceKey, type BalanceResult } from './balances';
import { createBalanceCache, type BalanceCache } from './balance-cache';
import { createChainWriter, forgetUndoThrough } from './chain-writer';
import { recordMarketEvents } from './market-events';
import { writeApprovals } from './approvals';
import type { ApprovalChange } from '../domain/approvals/types';
import { queueEventRefreshes } from '../domain/metadata-jobs/event-refreshes';
import type { Batch } from './types';
import { chunks, insertNew } from './write-rows';
import { recordBatch, type WebhookOutbox } from './webhook-outbox';

export class CheckpointGapError extends Error {}

/** `seq`: the commit's number in the chain's event sequence (its published events carry it). */
export type ApplyResult = ({ applied: true; seq: number } & BatchResult) | { applied: false };

const transferRows = (batch: Batch): TransferRow[] => {
  return batch.transfers.flatMap((t) =>
    t.tokenIds.map((id, i) => ({
      chainId: batch.chainId,
      blockNumber: t.blockNumber,
      logIndex: t.logIndex,
      batchIndex: i,
      blockHash: t.blockHash,
      txHash: t.txHash,
      txIndex: t.txIndex,
      contract: t.contract,
      contractType: t.kind,
      from: t.from,
      to: t.to,
      tokenId: tokenIdOf(t.kind, id),
      amount: t.amounts[i].toString(),
      timestamp: t.timestamp,
    })),
  );
};

/**
 * MySQL: the statement reading the stored balances of some accounts of some contracts: one SELECT per contract, joined
 * by UNION ALL (one statement per contract was hundreds of round trips per batch on a chain of thousands of contracts;
 * an OR of the contracts' conditions made SQLite scan every balance of the chain). It names the primary key: MariaDB
 * picks the covering holders index, (chain, contract, token, …), while a table is small, and walks every holder of each
 * contract.
 */
export const storedBalancesQuery = (chainId: number, byContract: Map<string, Set<string>>): { sql: string; params: unknown[] } => {
  const selects: string[] = [];
  const params: unknown[] = [];
  for (const [contract, accounts] of byContract) {
    selects.push(`SELECT contract, account, token_id, balance FROM token_balances FORCE INDEX (PRIMARY) WHERE chain_id = ? AND contract = ? AND account IN (${[...accounts].map(() => '?').join(', ')})`);
    params.push(chainId, toBytes(contract), ...[...accounts].map(toBytes));
  }
  return { sql: selects.join(' UNION ALL '), params };
};

/**
 * SQLite: one stored balance by its whole primary key, run once per key on one prepared statement (db/sqlite-rows.ts).
 * Each batch's UNION ALL was a new text to compile (2,920 of them on the chain-scale chain), and without statistics
 * SQLite walked the holders index for it unless told otherwise.
 */
export const STORED_BALANCE_SQLITE = 'SELECT balance FROM token_balances WHERE chain_id = ? AND contract = ? AND account = ? AND token_id = ?';

/** Stored balances of `keys`: on MySQL in statements of up to 500 keys over any number of contracts. */
const loadBalances = async (m: EntityManager, chainId: number, keys: BalanceKey[]): Promise<Map<BalanceKey, bigint>> => {
  const found = new Map<BalanceKey, bigint>();
  if (dialectOf(m.connection) === 'sqlite') {
    const params = (k: BalanceKey) => {
      const { contract, account, tokenId } = splitKey(k);
      return [chainId, toBytes(contract), toBytes(account), tokenId];
    };
    getSqliteRows<BalanceKey, { balance: string }>(m, STORED_BALANCE_SQLITE, keys, params).forEach((r, i) => r && found.set(keys[i], BigInt(r.balance)));
    return found;
  }
  for (const part of chunks(keys, 500)) {
    const byContract = new Map<string, Set<string>>();
    for (const k of part) {
      const { contract, account } = splitKey(k);
      const accounts = byContract.get(contract);
      if (accounts) accounts.add(account);
      else byContract.set(contract, new Set([account]));
    }
    const { sql, params } = storedBalancesQuery(chainId, byContract);
    const wanted = new Set(part);
    const rows = hexRows((await m.query(sql, params)) as Array<{ contract: string; account: string; token_id: string; balance: string }>);
    for (const r of rows) {
      const k = balanceKey(r.contract, r.account, r.token_id);
      if (wanted.has(k)) found.set(k, BigInt(r.balance));
    }
  }
  return found;
};

export type ApplyOptions = {
  cache?: BalanceCache;
  /**
   * How many blocks below the indexed block a reorg may still reach (the confirmations): writes of those blocks go to
   * the undo log (chain-writer.ts). Unset: every block of the batch is logged.
   */
  rollbackWindow?: number;
  /** Webhook deliveries of the batch are recorded in its transaction (none: no webhooks). */
  outbox?: WebhookOutbox;
};

/** Which of the batch's blocks are logged, and from which block on the log is complete after this batch. */
const undoRange = (batch: Batch, undoFrom: number, window: number) => {
  const logFrom = Math.max(batch.fromBlock, batch.toBlock - window + 1);
  // The log stays complete from undoFrom on while each batch logs all its blocks; a batch that logs only its last
  // blocks starts it again. Entries below the reach of any later rollback are forgotten.
  const complete = logFrom === batch.fromBlock && undoFrom <= batch.fromBlock ? undoFrom : logFrom;
  const reachable = batch.toBlock - window + 1;
  return { logFrom, undoFrom: Math.max(complete, reachable), forgetThrough: reachable - 1 };
};

/**
 * The rows of one batch, written through the chain writer (blocks from `logFrom` on leave undo entries): blocks,
 * transactions, transfers, market events, balance changes and balances. The caller holds the transaction and moves
 * whichever cursor the batch advances.
 */
/** What a batch's write changed: balances, and approvals (for webhook listeners of kind `approvals`). */
export type BatchResult = BalanceResult & { approvals: ApprovalChange[] };

export const writeBatchRows = async (m: EntityManager, batch: Batch, newContracts: ContractRow[], cache: BalanceCache, logFrom: number): Promise<BatchResult> => {
    const keys = touchedKeys(batch.transfers);
    const before = new Map<BalanceKey, bigint>();
    const unknown: BalanceKey[] = [];
    for (const k of keys) {
      const cached = cache.get(k);
      if (cached !== undefined) before.set(k, cached);
      else if (!cache.absent(k)) unknown.push(k);
      cache.writing(k);
    }
    for (const [k, v] of await loadBalances(m, batch.chainId, unknown)) before.set(k, v);
    const result = computeBalances(batch.chainId, batch.transfers, before);

    const writer = createChainWriter(m, batch.chainId, logFrom);
    // Contracts are facts about addresses, not about a branch: one first seen in an orphaned block stays known.
    await insertNew(m, ContractEntity, newContracts);
    await writer.appendByBlock(BlockEntity, batch.blocks, { block: 'number' });
    // An orphaned transaction stays listed, flagged; mined again in the same block, it is live again.
    await writer.appendByBlock(ChainTransactionEntity, batch.transactions, {
      upsert: ['reorged', 'logsJson', 'gasUsed', 'effectiveGasPrice', 'status'],
      onRollback: { reorged: true },
    });
    const transfers = transferRows(batch);
    await writer.appendByBlock(TransferEntity, transfers);
    await recordMarketEvents(m, writer, transfers, batch.transactions);
    await writer.appendByBlock(BalanceChangeEntity, result.changes, { upsert: ['blockHash', 'delta', 'balance'] });
    await writer.putByKey(
      BalanceEntity,
      result.changes.map((c) => ({ block: c.blockNumber, row: balanceRowOf(c) })),
    );
    const approvals = await writeApprovals(m, writer, batch);
    // "These tokens changed" only: the metadata task worker fetches, after the commit.
    await queueEventRefreshes(m, batch.chainId, batch.metadataUpdates ?? []);
    return { ...result, approvals };
};

export const applyBatch = async (db: Db, batch: Batch, newContracts: ContractRow[], opts: ApplyOptions = {}): Promise<ApplyResult> =>
  db.transaction(async (m) => {
    const cache = opts.cache ?? createBalanceCache();
    const cpQuery = m.getRepository(ChainCheckpointEntity).createQueryBuilder('c').where('c.chainId = :id', { id: batch.chainId });
    // The chain lock already makes this process the only writer; the row lock guards against operator mistakes.
    if (dialectOf(db) === 'mysql') cpQuery.setLock('pessimistic_write');
    const cp = await cpQuery.getOne();
    if (!cp) throw new CheckpointGapError(`no checkpoint for chain ${batch.chainId}`);
    if (cp.indexedBlock >= batch.toBlock) return { applied: false };
    if (cp.indexedBlock !== batch.fromBlock - 1) {
      throw new CheckpointGapError(`chain ${batch.chainId}: batch starts at ${batch.fromBlock} but the checkpoint is at ${cp.indexedBlock}`);
    }

    const undo = undoRange(batch, cp.undoFrom, opts.rollbackWindow ?? Infinity);
    const result = await writeBatchRows(m, batch, newContracts, cache, undo.logFrom);
    await recordBatch(opts.outbox, m, batch, result);
    if (Number.isFinite(undo.forgetThrough)) await forgetUndoThrough(m, batch.chainId, undo.forgetThrough);
    const seq = cp.eventSeq + 1;
    // Backfilled blocks keep no receipts: the replayable stretch starts after them (or, re-followed after a
    // rollback, where following resumed).
    const liveFrom = batch.live ? Math.min(cp.liveFrom, batch.fromBlock) : batch.toBlock + 1;
    await m.getRepository(ChainCheckpointEntity).update(
      { chainId: batch.chainId },
      {
        indexedBlock: batch.toBlock,
        indexedHash: batch.toHash,
        eventSeq: seq,
        eventsIndexed: (cp.eventsIndexed ?? 0) + batch.transfers.length,
        liveFrom,
        undoFrom: undo.undoFrom,
        updatedAt: new Date(),
      },
    );
    return { applied: true, seq, ...result };
  });
