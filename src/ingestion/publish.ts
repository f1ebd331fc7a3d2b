// What subscribers hear from one chain's ingester, always after the commit it describes: a live batch's events, a
// rollback's corrections, and the committed blocks that were not streamed (a gap).
import { END_OF_BLOCK, type PubSub } from '../pubsub';
import { balanceEvents, logEvents, receiptEvents, restoredBalanceEvents, transferLogsFromRows } from '../domain/subscriptions/events';
import { stampAdded, stampAt } from '../domain/subscriptions/stamps';
import type { ApplyResult } from './apply-batch';
import type { RollbackResult } from './reorg';
import type { Batch } from './types';

export type ChainPublisher = {
  /** A committed live batch: its logs, balance changes and receipts, final up to `finalized`. */
  added(batch: Batch, result: Extract<ApplyResult, { applied: true }>, finalized: number): Promise<void>;
  /** A committed rollback to `ancestor`: what went, and the balances as they stand again. */
  rolledBack(ancestor: number, undone: RollbackResult): Promise<void>;
  /** Committed blocks that subscribers were not streamed (backfill). */
  gap(fromBlock: number, toBlock: number): Promise<void>;
};

/** The `txn` of a published log: its transaction's sender, recipient and value, when the batch holds it. */
const txnInfoOf = (txs: Map<string, { from: string; to: string | null; value: string }>) => (hash: string) => ({
  from: txs.get(hash)?.from ?? '',
  to: txs.get(hash)?.to ?? '',
  value: txs.get(hash)?.value ?? '0',
});

export const createChainPublisher = ({ pubsub, chainId }: { pubsub: PubSub; chainId: number }): ChainPublisher => ({
  async added(batch, result, finalized) {
    const kinds = new Map(batch.transfers.map((t) => [t.contract, t.kind]));
    const blocks = new Map(batch.blocks.map((b) => [b.number, b]));
    const txs = new Map(batch.transactions.map((t) => [t.txHash, t]));
    const { seq } = result;
    const logs = logEvents(chainId, 'BLOCK_ADDED', batch.transfers, (n) => blocks.get(n)?.parentHash ?? '', txnInfoOf(txs));
    await pubsub.publish('logs', stampAdded('logs', logs, seq, finalized));
    await pubsub.publish('balances', stampAdded('balances', balanceEvents(result.changes, (c) => kinds.get(c) ?? 'ERC20', false), seq, finalized));
    // Final only up to the finality already established on a checked branch: the caller settles this batch's blocks
    // after the commit, and finality.settle announces those that are past the confirmation depth then.
    await pubsub.publish('receipts', stampAdded('receipts', receiptEvents(batch.transactions, finalized, false), seq, finalized));
  },

  async rolledBack(ancestor, undone) {
    const kinds = new Map(undone.removedTransfers.map((t) => [t.contract, t.contractType]));
    const txs = new Map(undone.reorgedTransactions.map((t) => [t.txHash, t]));
    // A subscriber that has the corrections stands at the common ancestor: resuming there replays the new branch.
    const at = { block: ancestor, hash: undone.ancestorHash, pos: null };
    const final = (): [number, number] => [undone.finalizedBlock, END_OF_BLOCK];
    const removed = logEvents(chainId, 'BLOCK_REMOVED', transferLogsFromRows(undone.removedTransfers), () => '', txnInfoOf(txs));
    await pubsub.publish('logs', stampAt<'logs'>(removed, undone.seq, at, final));
    await pubsub.publish('receipts', stampAt<'receipts'>(receiptEvents(undone.reorgedTransactions, -1, true), undone.seq, at, final));
    await pubsub.publish('balances', stampAt<'balances'>(restoredBalanceEvents(undone.restored, (c) => kinds.get(c) ?? 'ERC20'), undone.seq, at, final));
  },

  async gap(fromBlock, toBlock) {
    await pubsub.publish('gaps', [{ chainId, fromBlock, toBlock }]);
  },
});
