// One batch's events, and one rollback's, built in one place for every consumer: subscribers (publish.ts, after the
// commit) and webhook listeners (webhook-outbox.ts, in the transaction). A field added here reaches both alike.
import { balanceEvents, logEvents, receiptEvents, restoredBalanceEvents, transferLogsFromRows, type Unstamped } from '../domain/subscriptions/events';
import type { ChainEvents } from '../domain/webhooks/payloads';
import type { TokenStandard, TransferKind } from '../chain';
import type { BalanceEvent } from '../pubsub';
import type { ApprovalChange } from '../domain/approvals/types';
import type { BalanceResult } from './balances';
import type { Batch, RollbackResult } from './types';

export type { ChainEvents } from '../domain/webhooks/payloads';

/** Each contract's standard, for its balance events (native transfers change no stored balance). */
const tokenKinds = (pairs: Array<[string, TransferKind]>) =>
  new Map(pairs.filter((p): p is [string, TokenStandard] => p[1] !== 'NATIVE'));

/** The `txn` of an event's log: its transaction's sender, recipient and value, when the batch holds it. */
const txnInfoOf = (txs: Map<string, { from: string; to: string | null; value: string }>) => (hash: string) => ({
  from: txs.get(hash)?.from ?? '',
  to: txs.get(hash)?.to ?? '',
  value: txs.get(hash)?.value ?? '0',
});

/**
 * A committed batch's logs, balance changes and receipts, unstamped; receipts final up to `finalized` (-1: none
 * final, as the webhook outbox records them: finality sends its own notice).
 */
export const commitEvents = (batch: Batch, result: Pick<BalanceResult, 'changes'> & { approvals?: ApprovalChange[] }, finalized: number): ChainEvents => {
  const kinds = tokenKinds(batch.transfers.map((t) => [t.contract, t.kind]));
  const parents = new Map(batch.blocks.map((b) => [b.number, b.parentHash]));
  const txs = new Map(batch.transactions.map((t) => [t.txHash, t]));
  return {
    logs: logEvents(batch.chainId, 'BLOCK_ADDED', batch.transfers, (n) => parents.get(n) ?? '', txnInfoOf(txs)),
    balances: balanceEvents(result.changes, (c) => kinds.get(c) ?? 'ERC20', false),
    receipts: receiptEvents(batch.transactions, finalized, false),
    approvals: result.approvals ?? [],
  };
};

/** The balances a rollback restored, as events (what webhook listeners get after their `reorged` notices). */
export const restoredBalances = (undone: Pick<RollbackResult, 'restored' | 'removedTransfers'>): Unstamped<BalanceEvent>[] => {
  const kinds = tokenKinds(undone.removedTransfers.map((t) => [t.contract, t.contractType]));
  return restoredBalanceEvents(undone.restored, (c) => kinds.get(c) ?? 'ERC20');
};

/** A committed rollback's corrections, unstamped: the logs that went (BLOCK_REMOVED), their receipts (reorged), and the balances restored. */
export const rollbackEvents = (chainId: number, undone: Pick<RollbackResult, 'restored' | 'removedTransfers' | 'reorgedTransactions'>): ChainEvents => {
  const txs = new Map(undone.reorgedTransactions.map((t) => [t.txHash, t]));
  return {
    logs: logEvents(chainId, 'BLOCK_REMOVED', transferLogsFromRows(undone.removedTransfers), () => '', txnInfoOf(txs)),
    receipts: receiptEvents(undone.reorgedTransactions, -1, true),
    balances: restoredBalances(undone),
  };
};
