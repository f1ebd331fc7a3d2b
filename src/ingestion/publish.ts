// What subscribers hear from one chain's ingester, always after the commit it describes: a live batch's events, a
// rollback's corrections (both built in events.ts), and the committed blocks that were not streamed (a gap).
import { END_OF_BLOCK, type PubSub } from '../pubsub';
import { stampAdded, stampAt } from '../domain/subscriptions/stamps';
import type { ApplyResult } from './apply-batch';
import { commitEvents, rollbackEvents } from './events';
import type { Batch, RollbackResult } from './types';

export type ChainPublisher = {
  /** A committed live batch: its logs, balance changes and receipts, final up to `finalized`. */
  added(batch: Batch, result: Extract<ApplyResult, { applied: true }>, finalized: number): Promise<void>;
  /** A committed rollback to `ancestor`: what went, and the balances as they stand again. */
  rolledBack(ancestor: number, undone: RollbackResult): Promise<void>;
  /** Committed blocks that subscribers were not streamed (backfill). */
  gap(fromBlock: number, toBlock: number): Promise<void>;
};

export const createChainPublisher = ({ pubsub, chainId }: { pubsub: PubSub; chainId: number }): ChainPublisher => ({
  async added(batch, result, finalized) {
    const { seq } = result;
    // Final only up to the finality already established on a checked branch: the caller settles this batch's blocks
    // after the commit, and finality.settle announces those that are past the confirmation depth then.
    const events = commitEvents(batch, result, finalized);
    await pubsub.publish('logs', stampAdded('logs', events.logs, seq, finalized));
    await pubsub.publish('balances', stampAdded('balances', events.balances, seq, finalized));
    await pubsub.publish('receipts', stampAdded('receipts', events.receipts, seq, finalized));
  },

  async rolledBack(ancestor, undone) {
    // A subscriber that has the corrections stands at the common ancestor: resuming there replays the new branch.
    const at = { block: ancestor, hash: undone.ancestorHash, pos: null };
    const final = (): [number, number] => [undone.finalizedBlock, END_OF_BLOCK];
    const events = rollbackEvents(chainId, undone);
    await pubsub.publish('logs', stampAt<'logs'>(events.logs, undone.seq, at, final));
    await pubsub.publish('receipts', stampAt<'receipts'>(events.receipts, undone.seq, at, final));
    await pubsub.publish('balances', stampAt<'balances'>(events.balances, undone.seq, at, final));
  },

  async gap(fromBlock, toBlock) {
    await pubsub.publish('gaps', [{ chainId, fromBlock, toBlock }]);
  },
});
