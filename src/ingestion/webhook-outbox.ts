// Ingestion's side of the webhook outbox (domain/webhooks/outbox.ts): the same events publish.ts announces, built only
// when the chain has listeners, recorded in the transaction of the batch, rollback or finality step that produced them.
import type { EntityManager } from 'typeorm';
import { balanceEvents, logEvents, receiptEvents, restoredBalanceEvents, type Unstamped } from '../domain/subscriptions/events';
import type { WebhookOutbox } from '../domain/webhooks/outbox';
import type { ChainEvents } from '../domain/webhooks/payloads';
import type { BalanceEvent } from '../pubsub';
import type { BalanceResult } from './balances';
import type { RollbackResult } from './reorg';
import type { Batch } from './types';

export type { WebhookOutbox } from '../domain/webhooks/outbox';

/** A batch's logs, balance changes and receipts (receipts not final: finality sends its own notice). */
const batchEvents = (batch: Batch, result: BalanceResult): ChainEvents => {
  const kinds = new Map(batch.transfers.map((t) => [t.contract, t.kind]));
  const parents = new Map(batch.blocks.map((b) => [b.number, b.parentHash]));
  const txs = new Map(batch.transactions.map((t) => [t.txHash, t]));
  const txn = (hash: string) => ({ from: txs.get(hash)?.from ?? '', to: txs.get(hash)?.to ?? '', value: txs.get(hash)?.value ?? '0' });
  return {
    logs: logEvents(batch.chainId, 'BLOCK_ADDED', batch.transfers, (n) => parents.get(n) ?? '', txn),
    balances: balanceEvents(result.changes, (c) => kinds.get(c) ?? 'ERC20', false),
    receipts: receiptEvents(batch.transactions, -1, false),
  };
};

export const recordBatch = (outbox: WebhookOutbox | undefined, m: EntityManager, batch: Batch, result: BalanceResult) =>
  outbox ? outbox.batch(m, batch.chainId, () => batchEvents(batch, result)) : Promise.resolve(0);

export const recordRollback = (
  outbox: WebhookOutbox | undefined,
  m: EntityManager,
  chainId: number,
  ancestor: number,
  undone: Pick<RollbackResult, 'restored' | 'removedTransfers'>,
) => {
  if (!outbox) return Promise.resolve(0);
  const kinds = new Map(undone.removedTransfers.map((t) => [t.contract, t.contractType]));
  const restored: Unstamped<BalanceEvent>[] = restoredBalanceEvents(undone.restored, (c) => (kinds.get(c) as BalanceEvent['contractType']) ?? 'ERC20');
  return outbox.rolledBack(m, chainId, ancestor, restored);
};

export const recordFinal = (outbox: WebhookOutbox | undefined, m: EntityManager, chainId: number, from: number, to: number) =>
  outbox ? outbox.finalized(m, chainId, from, to) : Promise.resolve(0);
