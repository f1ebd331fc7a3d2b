// Webhook listeners: a project's URL on one chain, with the subscription filters it receives and its signing secret.
import { EntitySchema } from 'typeorm';
import { AutoId, Timestamp } from '../columns';

export type WebhookListenerRow = {
  id: number;
  projectId: number;
  chainId: number;
  url: string;
  name: string;
  /** JSON of WebhookFilters (domain/webhooks/types.ts), validated. */
  filters: string;
  /** Comma-separated kinds: events, balances, receipts, approvals. */
  kinds: string;
  /** Standard Webhooks secret, `whsec_<base64>`. */
  secret: string;
  active: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const WebhookListenerEntity = new EntitySchema<WebhookListenerRow>({
  name: 'WebhookListener',
  tableName: 'webhook_listeners',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    chainId: { type: 'integer', name: 'chain_id' },
    url: { type: 'varchar', length: 2048 },
    name: { type: 'varchar', length: 200, default: '' },
    filters: { type: 'text' },
    kinds: { type: 'varchar', length: 64 },
    secret: { type: 'varchar', length: 100 },
    active: { type: 'boolean', default: true },
    disabledReason: { type: 'varchar', length: 500, nullable: true, name: 'disabled_reason' },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
  indices: [
    { name: 'idx_webhook_listeners_project', columns: ['projectId', 'chainId'] },
    { name: 'idx_webhook_listeners_chain', columns: ['chainId'] },
  ],
});
