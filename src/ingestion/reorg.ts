// Reorgs: find the common ancestor through stored block hashes, then undo every write of the orphaned blocks.
import { MoreThan } from 'typeorm';
import type { ChainClient } from '../chain';
import {
  BalanceChangeEntity,
  BalanceEntity,
  BlockEntity,
  ChainCheckpointEntity,
  ChainTransactionEntity,
  TransferEntity,
  WatchedContractEntity,
  hexRows,
  type BalanceRow,
  type ChainTransactionRow,
  type Db,
  type TransferRow,
} from '../db';
import { undoAbove } from './chain-writer';
import type { RollbackResult } from './types';
import { recordRollback, type WebhookOutbox } from './webhook-outbox';

export class DeepReorgError extends Error {
  constructor(chainId: number, window: number) {
    super(
      `chain ${chainId}: reorg deeper than the unfinalized window of ${window} blocks (no common ancestor among them); ` +
        'ingestion stopped for this chain. Raise its confirmations, then re-index from an earlier block.',
    );
  }
}

/** The highest stored block that is still canonical on the node. */
export const findCommonAncestor = async (db: Db, client: ChainClient, fromBlock: number, window: number): Promise<number> => {
  const blocks = db.getRepository(BlockEntity);
  for (let k = fromBlock; k >= 0 && fromBlock - k <= window; k--) {
    const stored = await blocks.findOneBy({ chainId: client.chainId, number: k });
    if (!stored) break;
    const canonical = await client.eth_getBlockByNumber(k, false);
    if (canonical && canonical.hash === stored.hash) return k;
  }
  throw new DeepReorgError(client.chainId, window);
};

/** The undo log does not reach the ancestor (written by an older version, or with fewer confirmations than now). */
export class UnrecordedReorgError extends DeepReorgError {
  constructor(chainId: number, ancestor: number, undoFrom: number) {
    super(chainId, 0);
    this.message =
      `chain ${chainId}: rolling back to block ${ancestor} needs the writes of the blocks after it, but the undo log ` +
      `starts at block ${undoFrom}; ingestion stopped for this chain. Re-index from an earlier block.`;
  }
}

export type { RollbackResult } from './types';

/**
 * Undoes the orphaned blocks by replaying the undo log (chain-writer.ts): this module names no table it restores.
 * What it reads first is what subscribers are told: the transfers and transactions that went, and the balances that
 * changed back.
 */
export const rollbackTo = async (db: Db, chainId: number, ancestor: number, outbox?: WebhookOutbox): Promise<RollbackResult> =>
  db.transaction(async (m) => {
    const cp = await m.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
    if (cp && ancestor + 1 < cp.undoFrom) throw new UnrecordedReorgError(chainId, ancestor, cp.undoFrom);
    const after = { chainId, blockNumber: MoreThan(ancestor) };
    const removedTransfers = await m.getRepository(TransferEntity).findBy(after);
    const reorgedTransactions = await m.getRepository(ChainTransactionEntity).findBy({ ...after, reorged: false });
    const touched = await m
      .getRepository(BalanceChangeEntity)
      .createQueryBuilder('c')
      .select(['c.contract', 'c.account', 'c.tokenId'])
      .distinct(true)
      .where('c.chainId = :chainId AND c.blockNumber > :ancestor', { chainId, ancestor })
      .getRawMany<{ c_contract: string; c_account: string; c_token_id: string }>()
      .then(hexRows);

    await undoAbove(m, chainId, ancestor);

    const restored: BalanceRow[] = [];
    for (const t of touched) {
      const where = { chainId, contract: t.c_contract, account: t.c_account, tokenId: t.c_token_id };
      restored.push((await m.getRepository(BalanceEntity).findOneBy(where)) ?? { ...where, balance: '0', blockNumber: ancestor, blockHash: '' });
    }
    const base = await m.getRepository(BlockEntity).findOneBy({ chainId, number: ancestor });
    // Finality cannot stay on blocks that are gone (a reorg deeper than the confirmations, relative to the head
    // that made them final, can still end within the window of the indexed block).
    const finalizedBlock = Math.min(cp?.finalizedBlock ?? -1, ancestor);
    const seq = (cp?.eventSeq ?? 0) + 1;
    await m.getRepository(ChainCheckpointEntity).update(
      { chainId },
      { indexedBlock: ancestor, indexedHash: base?.hash ?? null, finalizedBlock, eventSeq: seq, updatedAt: new Date() },
    );
    // A named contract removed above the ancestor lost those blocks' rows with the undo log: it resumes from here.
    await m.getRepository(WatchedContractEntity).update({ chainId, backfilledTo: MoreThan(ancestor) }, { backfilledTo: ancestor });
    // Webhook listeners hear, in this transaction, which of what they were sent came from the orphaned blocks.
    await recordRollback(outbox, m, chainId, ancestor, { restored, removedTransfers });
    return { removedTransfers, reorgedTransactions, restored, seq, ancestorHash: base?.hash ?? '', finalizedBlock };
  });
