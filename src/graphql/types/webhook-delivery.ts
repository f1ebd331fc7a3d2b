// WebhookDelivery: one POST in a listener's delivery log (status, attempts, last error, latency); the log query and
// the replay mutation (bearer token of the owning project).
import { builder } from '../builder';
import type { WebhookDelivery } from '../../domain/webhooks/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { webhookScopeArgs } from './webhook-listener';

const WebhookDeliveryStatusRef = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery is.',
  values: {
    PENDING: { value: 'pending', description: 'Not attempted yet, or waiting behind the listener’s earlier deliveries.' },
    RETRYING: { value: 'retrying', description: 'Attempted and failed; tried again at `nextAttemptAt`.' },
    DELIVERED: { value: 'delivered', description: 'The receiver answered 2xx.' },
    DEAD: { value: 'dead', description: 'Attempts exhausted: delivery gave up and disabled the listener.' },
  } as const,
});

const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  description: 'One POST of a batch of updates of consecutive blocks to a listener, retried until delivered or given up.',
  fields: (t) => ({
    webhookId: t.exposeString('webhookId', { description: 'The `webhook-id` header: the same on every attempt, so a receiver deduplicates by it.' }),
    listenerId: t.exposeInt('listenerId', { description: 'The listener.' }),
    status: t.field({ type: WebhookDeliveryStatusRef, description: 'Where the delivery is.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made.' }),
    lastError: t.string({ nullable: true, description: 'Why the last attempt failed.', resolve: (d) => d.lastError }),
    lastStatus: t.int({ nullable: true, description: 'The HTTP status of the last attempt; null when there was no answer.', resolve: (d) => d.lastStatus }),
    latencyMs: t.int({ nullable: true, description: 'How long the last attempt took, in milliseconds.', resolve: (d) => d.latencyMs }),
    firstBlock: t.exposeInt('firstBlock', { description: 'The first block whose updates it carries.' }),
    lastBlock: t.exposeInt('lastBlock', { description: 'The last block whose updates it carries.' }),
    eventCount: t.exposeInt('eventCount', { description: 'How many items its `data` holds.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was recorded.', resolve: (d) => d.createdAt }),
    deliveredAt: t.field({ type: 'Timestamp', nullable: true, description: 'When the receiver took it.', resolve: (d) => d.deliveredAt }),
    nextAttemptAt: t.field({ type: 'Timestamp', nullable: true, description: 'When it is tried next.', resolve: (d) => d.nextAttemptAt }),
  }),
});

const WebhookDeliveryConnectionRef = connectionType(WebhookDeliveryRef, 'WebhookDelivery', {
  description: 'A page of a listener’s delivery log, newest first.',
  count: 'The listener’s deliveries.',
});

builder.queryFields((t) => ({
  webhookDeliveries: t.field({
    nullable: true,
    type: WebhookDeliveryConnectionRef,
    description: 'A listener’s delivery log, newest first (bearer token of the project).',
    args: { ...webhookScopeArgs, listenerId: t.arg.int({ required: true, description: 'The listener’s id.' }), ...pagingArgs },
    resolve: async (_, { chainId, projectId, listenerId, ...page }, ctx) =>
      connectionOf(await ctx.services.webhooks.deliveries(ctx.credentials, { chainId, projectId, listenerId, page: pageOfArgs(page) })),
  }),
}));

builder.mutationFields((t) => ({
  replayWebhookListener: t.field({
    nullable: true,
    type: 'Int',
    description:
      'Sends the listener again what it matched from `fromBlock` up to the indexed head, after its pending deliveries, under new webhook ids; how many deliveries were queued (bearer token of the project).',
    args: {
      ...webhookScopeArgs,
      listenerId: t.arg.int({ required: true, description: 'The listener’s id.' }),
      fromBlock: t.arg.int({ required: true, description: 'The first block to send again.' }),
    },
    resolve: (_, args, ctx) => ctx.services.webhooks.replay(ctx.credentials, args),
  }),
}));
