// Ingestion's side of the webhook outbox (domain/webhooks/outbox.ts): the same events publish.ts announces (both built
// by events.ts), built only when the chain has listeners, recorded in the transaction of the batch, rollback or
// finality step that produced them.
import type { EntityManager } from 'typeorm';
import type { WebhookOutbox } from '../domain/webhooks/outbox';
import type { ApprovalChange } from '../domain/approvals/types';
import type { BalanceResult } from './balances';
import { commitEvents, restoredBalances } from './events';
import type { Batch, RollbackResult } from './types';

export type { WebhookOutbox } from '../domain/webhooks/outbox';

export const recordBatch = (outbox: WebhookOutbox | undefined, m: EntityManager, batch: Batch, result: BalanceResult & { approvals?: ApprovalChange[] }) =>
  outbox ? outbox.batch(m, batch.chainId, () => commitEvents(batch, result, -1)) : Promise.resolve(0);

export const recordRollback = (
  outbox: WebhookOutbox | undefined,
  m: EntityManager,
  chainId: number,
  ancestor: number,
  undone: Pick<RollbackResult, 'restored' | 'removedTransfers'>,
) => (outbox ? outbox.rolledBack(m, chainId, ancestor, restoredBalances(undone)) : Promise.resolve(0));

export const recordFinal = (outbox: WebhookOutbox | undefined, m: EntityManager, chainId: number, from: number, to: number) =>
  outbox ? outbox.finalized(m, chainId, from, to) : Promise.resolve(0);
