// Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature), made by the reference library.
import { Webhook } from 'standardwebhooks';

export const signedHeaders = (secret: string, webhookId: string, body: string, at = new Date()): Record<string, string> => ({
  'content-type': 'application/json',
  'webhook-id': webhookId,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': new Webhook(secret).sign(webhookId, at, body),
});
