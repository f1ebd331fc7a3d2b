// Finality of one chain: the highest block past the confirmation depth on the branch ingestion has checked against
// the node. It advances only after a round's reorg check passed, so a block that a pending reorg is about to orphan is
// never declared final; receipts of blocks that reach it are announced again with `final: true`.
import { Between } from 'typeorm';
import { ChainCheckpointEntity, ChainTransactionEntity, type ChainCheckpointRow, type Db } from '../db';
import type { PubSub } from '../pubsub';
import { receiptEvents } from '../domain/subscriptions/events';
import { stampAt } from '../domain/subscriptions/stamps';
import type { IngestionMetrics } from './progress';

export type Finality = {
  /** Highest block whose receipts were announced final (-1: none yet). */
  current(): number;
  /** Picks up the stored value at start, never above the indexed block (older versions stored head − confirmations). */
  resume(cp: ChainCheckpointRow): Promise<void>;
  /**
   * `verified`: the highest indexed block this round found on the node's chain (its hash, or a child's parent hash,
   * came from the node after the stored branch was last checked). Finality becomes min(head − confirmations, verified).
   */
  settle(verified: number, head: number): Promise<void>;
  /** After a rollback to `ancestor` (rollbackTo lowers the stored value in its own transaction). */
  rolledBack(ancestor: number): void;
};

export const createFinality = (deps: { db: Db; chainId: number; confirmations: number; pubsub: PubSub; metrics: IngestionMetrics }): Finality => {
  const { db, chainId, confirmations, pubsub, metrics } = deps;
  const label = { chain: String(chainId) };
  const checkpoints = db.getRepository(ChainCheckpointEntity);
  let announced = -1;

  return {
    current: () => announced,

    async resume(cp) {
      announced = Math.min(cp.finalizedBlock, cp.indexedBlock);
      if (announced !== cp.finalizedBlock) await checkpoints.update({ chainId }, { finalizedBlock: announced });
      metrics.finalized.set(label, announced);
    },

    async settle(verified, head) {
      const finalized = Math.min(head - confirmations, verified);
      if (finalized <= announced) return;
      const cp = (await checkpoints.findOneBy({ chainId }))!;
      const seq = cp.eventSeq + 1;
      await checkpoints.update({ chainId }, { finalizedBlock: finalized, eventSeq: seq });
      metrics.finalized.set(label, finalized);
      const from = announced + 1;
      const first = announced < 0;
      announced = finalized;
      // A fresh index announces no history: only receipts first published live are announced again.
      if (first) return;
      const rows = await db.getRepository(ChainTransactionEntity).findBy({ chainId, reorged: false, blockNumber: Between(from, finalized) });
      const live = rows.filter((r) => r.logsJson !== null).sort((a, b) => a.blockNumber - b.blockNumber || a.txIndex - b.txIndex);
      // Announced after the blocks up to the stored tip were published: a subscriber with a notice has those too.
      const at = { block: cp.indexedBlock, hash: cp.indexedHash ?? '', pos: null };
      const notices = stampAt<'receipts'>(receiptEvents(live, finalized, false), seq, at, (r) => [r.blockNumber, r.txIndex]);
      if (notices.length) await pubsub.publish('receipts', notices);
    },

    rolledBack(ancestor) {
      announced = Math.min(announced, ancestor);
    },
  };
};
