// Reorgs: find the common ancestor through stored block hashes, then undo every row of the orphaned blocks.
import { In, MoreThan, LessThanOrEqual } from 'typeorm';
import type { ChainClient } from '../chain';
import {
  BalanceChangeEntity,
  BalanceEntity,
  BlockEntity,
  ChainCheckpointEntity,
  ChainTransactionEntity,
  TransferEntity,
  type BalanceRow,
  type ChainTransactionRow,
  type Db,
  type TransferRow,
} from '../db';
import { removeMarketEvents } from './market-events';

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

export type RollbackResult = {
  removedTransfers: TransferRow[];
  reorgedTransactions: ChainTransactionRow[];
  /** Balances as restored (balance '0' when the account had none before the orphaned blocks). */
  restored: BalanceRow[];
  /** The rollback's number in the chain's event sequence, and where it left the chain: its corrections carry both. */
  seq: number;
  ancestorHash: string;
  finalizedBlock: number;
};

export const rollbackTo = async (db: Db, chainId: number, ancestor: number): Promise<RollbackResult> =>
  db.transaction(async (m) => {
    const after = { chainId, blockNumber: MoreThan(ancestor) };
    const removedTransfers = await m.getRepository(TransferEntity).findBy(after);
    const reorgedTransactions = await m.getRepository(ChainTransactionEntity).findBy({ ...after, reorged: false });
    const orphanChanges = await m.getRepository(BalanceChangeEntity).findBy(after);

    const restored: BalanceRow[] = [];
    const seen = new Set<string>();
    for (const c of orphanChanges) {
      const key = `${c.contract}|${c.account}|${c.tokenId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const where = { chainId, contract: c.contract, account: c.account, tokenId: c.tokenId };
      const prior = await m.getRepository(BalanceChangeEntity).findOne({
        where: { ...where, blockNumber: LessThanOrEqual(ancestor) },
        order: { blockNumber: 'DESC' },
      });
      if (prior) {
        const row = { ...where, balance: prior.balance, blockNumber: prior.blockNumber, blockHash: prior.blockHash };
        await m.getRepository(BalanceEntity).save(row);
        restored.push(row);
      } else {
        await m.getRepository(BalanceEntity).delete(where);
        restored.push({ ...where, balance: '0', blockNumber: ancestor, blockHash: '' });
      }
    }

    await m.getRepository(BalanceChangeEntity).delete(after);
    await m.getRepository(TransferEntity).delete(after);
    await removeMarketEvents(m, chainId, ancestor);
    if (reorgedTransactions.length) {
      await m.getRepository(ChainTransactionEntity).update(
        { chainId, txHash: In(reorgedTransactions.map((t) => t.txHash)), blockNumber: MoreThan(ancestor) },
        { reorged: true },
      );
    }
    await m.getRepository(BlockEntity).delete({ chainId, number: MoreThan(ancestor) });
    const base = await m.getRepository(BlockEntity).findOneBy({ chainId, number: ancestor });
    const cp = await m.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
    // Finality cannot stay on blocks that are gone (a reorg deeper than the confirmations, relative to the head
    // that made them final, can still end within the window of the indexed block).
    const finalizedBlock = Math.min(cp?.finalizedBlock ?? -1, ancestor);
    const seq = (cp?.eventSeq ?? 0) + 1;
    await m.getRepository(ChainCheckpointEntity).update(
      { chainId },
      { indexedBlock: ancestor, indexedHash: base?.hash ?? null, finalizedBlock, eventSeq: seq, updatedAt: new Date() },
    );
    return { removedTransfers, reorgedTransactions, restored, seq, ancestorHash: base?.hash ?? '', finalizedBlock };
  });
