// The webhook outbox and delivery log in one: a row per POST a listener must receive, written in the ingestion
// transaction that committed what it carries, then updated by the deliverer (domain/webhooks/due-deliveries.ts).
import { EntitySchema } from 'typeorm';
import { AutoId, BlockNumber, Timestamp } from '../columns';

/** data: events of committed blocks; replay: rebuilt from storage on request; reorged / final: notices. */
export type WebhookDeliveryKind = 'data' | 'replay' | 'reorged' | 'final';

export type WebhookDeliveryRow = {
  id: number;
  listenerId: number;
  chainId: number;
  /** Standard Webhooks `webhook-id`, fixed at insert so every retry (by any process) sends the same. */
  webhookId: string;
  kind: WebhookDeliveryKind;
  status: 'pending' | 'delivered' | 'retrying' | 'dead';
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
  latencyMs: number | null;
  firstBlock: number;
  lastBlock: number;
  eventCount: number;
  /** JSON array of the items the POST carries (the envelope is added when sent). */
  payload: string;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
};

export const WebhookDeliveryEntity = new EntitySchema<WebhookDeliveryRow>({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  columns: {
    id: AutoId(),
    listenerId: { type: 'integer', name: 'listener_id' },
    chainId: { type: 'integer', name: 'chain_id' },
    webhookId: { type: 'varchar', length: 64, name: 'webhook_id' },
    kind: { type: 'varchar', length: 16 },
    status: { type: 'varchar', length: 16 },
    attempts: { type: 'integer', default: 0 },
    lastError: { type: 'varchar', length: 500, nullable: true, name: 'last_error' },
    lastStatus: { type: 'integer', nullable: true, name: 'last_status' },
    latencyMs: { type: 'integer', nullable: true, name: 'latency_ms' },
    firstBlock: BlockNumber({ name: 'first_block' }),
    lastBlock: BlockNumber({ name: 'last_block' }),
    eventCount: { type: 'integer', name: 'event_count' },
    // MEDIUMTEXT on MySQL (see the migration): a batch of receipts passes TEXT's 64 KiB.
    payload: { type: 'text' },
    createdAt: Timestamp({ name: 'created_at' }),
    deliveredAt: Timestamp({ nullable: true, name: 'delivered_at' }),
    nextAttemptAt: Timestamp({ name: 'next_attempt_at' }),
  },
  indices: [
    { name: 'uq_webhook_deliveries_webhook_id', columns: ['webhookId'], unique: true },
    { name: 'idx_webhook_deliveries_listener', columns: ['listenerId', 'status', 'id'] },
    { name: 'idx_webhook_deliveries_due', columns: ['status', 'nextAttemptAt'] },
    { name: 'idx_webhook_deliveries_chain_block', columns: ['chainId', 'lastBlock'] },
  ],
});
