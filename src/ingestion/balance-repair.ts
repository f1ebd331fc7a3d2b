// SyncBalance's write: one stored balance replaced by the value read from the contract, through the chain writer (so
// a rollback past the block restores the row as it stood), logged and counted. Ingestion stays the only writer of
// chain tables; the domain reads the chain and calls this (domain/indexer/sync-balance.ts).
//
// Where the stored history (balance_changes) disagrees with the contract at the block too, it gets a change at that
// block bringing it to the contract's value, so the history, the balance and the state as of any later block agree
// (at-block.ts reads the history; at-block-recent.ts takes the balances back through it). A history that already
// says the right value (only the balances row was wrong) gets nothing.
import client from 'prom-client';
import { LessThanOrEqual } from 'typeorm';
import type { Logger } from '../config/logger';
import { BalanceChangeEntity, BalanceEntity, ChainCheckpointEntity, type Db } from '../db';
import type { BalanceRepair } from '../domain/indexer/sync-balance';
import { balanceKey } from './balances';
import { forgetCachedBalance } from './balance-cache';
import { createChainWriter } from './chain-writer';

export const createBalanceRepair = ({ db, logger, metricsRegistry }: { db: Db; logger: Logger; metricsRegistry: client.Registry }): BalanceRepair => {
  const syncs = new client.Counter({
    name: 'strata_balance_syncs_total',
    help: 'SyncBalance requests by outcome: repaired (the stored balance differed from the contract), unchanged, moved (ingestion committed meanwhile; read again)',
    labelNames: ['chain', 'outcome'],
    registers: [metricsRegistry],
  });
  const log = logger.child({ layer: 'ingestion', op: 'sync-balance' });

  return async (r) => {
    // Before the write too: an ingester of this process that knows the key as never written must look it up from now on.
    forgetCachedBalance(balanceKey(r.contract, r.account, r.tokenId));
    const outcome = await db.transaction(async (m) => {
      // The value was read at the indexed block: stored rows must still stand at that block, or the read is stale.
      const cp = await m.getRepository(ChainCheckpointEntity).findOneBy({ chainId: r.chainId });
      if (!cp || cp.indexedBlock !== r.atBlock || !cp.indexedHash) return { outcome: 'moved' as const, previous: null };
      const key = { chainId: r.chainId, contract: r.contract, account: r.account, tokenId: r.tokenId };
      const stored = await m.getRepository(BalanceEntity).findOneBy(key);
      const previous = stored?.balance ?? null;
      if ((previous ?? '0') === r.balance) return { outcome: 'unchanged' as const, previous };
      const row = { ...key, balance: r.balance, blockNumber: r.atBlock, blockHash: cp.indexedHash };
      const writer = createChainWriter(m, r.chainId, cp.undoFrom);
      await writer.putByKey(BalanceEntity, [{ block: r.atBlock, row }]);
      // The history's balance at the block: its latest change at or below it (none: zero).
      const [latest] = await m.getRepository(BalanceChangeEntity).find({
        where: { ...key, blockNumber: LessThanOrEqual(r.atBlock) },
        order: { blockNumber: 'DESC' },
        take: 1,
      });
      const history = BigInt(latest?.balance ?? '0');
      if (history !== BigInt(r.balance)) {
        // A change at the block already (a transfer in it) takes the correction into its delta.
        const delta = (latest?.blockNumber === r.atBlock ? BigInt(latest.delta) : 0n) + BigInt(r.balance) - history;
        const change = { ...key, blockNumber: r.atBlock, blockHash: cp.indexedHash, delta: delta.toString(), balance: r.balance };
        await writer.appendByBlock(BalanceChangeEntity, [change], { upsert: ['blockHash', 'delta', 'balance'] });
      }
      return { outcome: 'repaired' as const, previous };
    });
    syncs.inc({ chain: String(r.chainId), outcome: outcome.outcome });
    if (outcome.outcome === 'repaired') {
      // After the commit: a batch reading the key from now on reads the repaired row.
      forgetCachedBalance(balanceKey(r.contract, r.account, r.tokenId));
      log.warn({ chainId: r.chainId, contract: r.contract, account: r.account, tokenId: r.tokenId, stored: outcome.previous, onChain: r.balance, block: r.atBlock }, 'stored balance repaired from the chain');
    } else {
      log.info({ chainId: r.chainId, contract: r.contract, account: r.account, tokenId: r.tokenId, outcome: outcome.outcome, block: r.atBlock }, 'balance synced');
    }
    return outcome;
  };
};
