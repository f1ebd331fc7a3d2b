// Which process delivers a webhook listener: a lease with an expiry and a fencing token (bumped on every takeover), so
// a deliverer that lost its lease cannot record an outcome over the new holder's.
import { EntitySchema } from 'typeorm';
import { Timestamp } from '../columns';

export type WebhookLeaseRow = {
  listenerId: number;
  holder: string;
  token: number;
  expiresAt: Date;
};

export const WebhookLeaseEntity = new EntitySchema<WebhookLeaseRow>({
  name: 'WebhookLease',
  tableName: 'webhook_leases',
  columns: {
    listenerId: { type: 'integer', primary: true, name: 'listener_id' },
    holder: { type: 'varchar', length: 100 },
    token: { type: 'integer' },
    expiresAt: Timestamp({ name: 'expires_at' }),
  },
});
