// Deletes what a removed named contract left in the chain tables, and forgets the contract: the only deletion of chain
// rows besides a rollback, made here so that it goes through the writer's undo log (chain-writer.ts) like every write.
import {
  AllowanceEntity,
  ApprovalEventEntity,
  BalanceChangeEntity,
  BalanceEntity,
  MarketEventDayEntity,
  MarketEventEntity,
  OperatorApprovalEntity,
  TokenApprovalEntity,
  TransferEntity,
  WatchedContractEntity,
  type Db,
} from '../db';
import type { ContractPruner } from '../domain/indexer/sources';
import { deleteForGood } from './chain-writer';

/**
 * Prunes one contract that the chain's ingester has stopped (watched state `removed`), in one transaction: its
 * transfers, balances, balance changes, market events and approvals, the undo entries that would restore them, and its
 * watched row.
 */
export const pruneContract = (db: Db, chainId: number, contract: string): Promise<{ transfers: number; balances: number }> =>
  db.transaction(async (m) => {
    const [transfers, balances] = await deleteForGood(
      m,
      chainId,
      [TransferEntity, BalanceEntity, BalanceChangeEntity, MarketEventEntity, MarketEventDayEntity, ApprovalEventEntity, AllowanceEntity, TokenApprovalEntity, OperatorApprovalEntity],
      { contract },
    );
    await m.getRepository(WatchedContractEntity).delete({ chainId, address: contract, state: 'removed' });
    return { transfers, balances };
  });

/** The pruner the chain sources service asks (domain/indexer/sources.ts), bound to a database. */
export const contractPrunerOf = (db: Db): ContractPruner => (chainId, contract) => pruneContract(db, chainId, contract);
