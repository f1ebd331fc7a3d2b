// Finality of one chain: the highest block on the branch ingestion has checked against the node that is both past the
// confirmation depth and, where the node reports one (the `finalized` block tag), at or below the node's finalized
// block. It advances only after a round's reorg check passed, so a block that a pending reorg is about to orphan is
// never declared final; receipts of blocks that reach it are announced again with `final: true`.
import { Between } from 'typeorm';
import { ChainRequestError, InvalidResponseError, type ChainClient } from '../chain';
import type { Logger } from '../config/logger';
import { ChainCheckpointEntity, ChainTransactionEntity, type ChainCheckpointRow, type Db } from '../db';
import type { PubSub } from '../pubsub';
import { receiptEvents } from '../domain/subscriptions/events';
import { stampAt } from '../domain/subscriptions/stamps';
import type { IngestionMetrics } from './progress';
import { recordFinal, type WebhookOutbox } from './webhook-outbox';

export type Finality = {
  /** Highest block whose receipts were announced final (-1: none yet). */
  current(): number;
  /** Picks up the stored value at start, never above the indexed block (older versions stored head − confirmations). */
  resume(cp: ChainCheckpointRow): Promise<void>;
  /**
   * `verified`: the highest indexed block this round found on the node's chain (its hash, or a child's parent hash,
   * came from the node after the stored branch was last checked); `nodeFinalized`: the node's finalized block, or null
   * when it reports none. Finality becomes min(head − confirmations, nodeFinalized, verified).
   */
  settle(verified: number, head: number, nodeFinalized: number | null): Promise<void>;
  /** After a rollback to `ancestor` (rollbackTo lowers the stored value in its own transaction). */
  rolledBack(ancestor: number): void;
};

export const createFinality = (deps: { db: Db; chainId: number; confirmations: number; pubsub: PubSub; metrics: IngestionMetrics; outbox?: WebhookOutbox }): Finality => {
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

    async settle(verified, head, nodeFinalized) {
      const finalized = Math.min(head - confirmations, nodeFinalized ?? Infinity, verified);
      if (finalized <= announced) return;
      const cp = (await checkpoints.findOneBy({ chainId }))!;
      const seq = cp.eventSeq + 1;
      const finalitySource = nodeFinalized === null ? 'confirmations' : 'node';
      const from = announced + 1;
      const first = announced < 0;
      // Webhook listeners' "final" notices commit with the finality they announce.
      await db.transaction(async (m) => {
        await m.getRepository(ChainCheckpointEntity).update({ chainId }, { finalizedBlock: finalized, eventSeq: seq, finalitySource });
        if (!first) await recordFinal(deps.outbox, m, chainId, from, finalized);
      });
      metrics.finalized.set(label, finalized);
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

/** How deep below the head a reorg may still reach: the confirmations, or deeper when the node finalizes later. */
export const reorgWindow = (confirmations: number, head: number, nodeFinalized: number | null): number =>
  Math.max(confirmations, nodeFinalized === null ? 0 : head - nodeFinalized);

/**
 * Reads the node's `finalized` block each round. A node that refuses the tag (pre-merge chains, older clients) is
 * remembered and not asked again: finality then comes from the confirmations alone.
 */
export const createFinalizedTagReader = (client: ChainClient, logger: Logger) => {
  let supported = true;
  return async (): Promise<number | null> => {
    if (!supported) return null;
    try {
      const block = await client.eth_getBlockByNumber('finalized', false);
      return block ? block.number : null;
    } catch (err) {
      if (!(err instanceof ChainRequestError) || err instanceof InvalidResponseError) throw err;
      supported = false;
      logger.warn({ err: err.message }, 'the node has no finalized block tag; finality comes from the confirmations alone');
      return null;
    }
  };
};
