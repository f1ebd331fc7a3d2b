// NewWebhookListener: an added webhook listener with its signing secret (shown once), and `addWebhookListener`.
import { builder } from '../builder';
import type { NewWebhookListener } from '../../domain/webhooks/types';
import { webhookScopeArgs, WebhookListenerRef } from './webhook-listener';
import { listenerInputOf, WebhookListenerInput } from './webhook-listener-input';

const NewWebhookListenerRef = builder.objectRef<NewWebhookListener>('NewWebhookListener').implement({
  description: 'Shown once: the secret is not shown again (rotate it to get a new one).',
  fields: (t) => ({
    listener: t.field({ type: WebhookListenerRef, description: 'The new listener, active.', resolve: (n) => n.listener }),
    secret: t.exposeString('secret', {
      description: 'The Standard Webhooks signing secret (`whsec_<base64>`): verify each delivery’s `webhook-signature` with it.',
    }),
  }),
});

builder.mutationFields((t) => ({
  addWebhookListener: t.field({
    nullable: true,
    type: NewWebhookListenerRef,
    description: 'Adds an active listener on the chain; `input.url` and `input.filters` are required (bearer token of the project).',
    args: {
      ...webhookScopeArgs,
      input: t.arg({ type: WebhookListenerInput, required: true, description: 'The listener’s URL, filters, kinds and name.' }),
    },
    resolve: (_, { input, ...args }, ctx) => ctx.services.webhooks.add(ctx.credentials, { ...args, ...listenerInputOf(input) }),
  }),
}));
