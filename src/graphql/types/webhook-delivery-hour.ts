// WebhookDeliveryHour: a listener's deliveries recorded in one hour, how they stand and how long the delivered ones
// took; the `webhookDeliveryHours` query lists the last hours (bearer token of the project): the console's chart.
import { builder } from '../builder';
import type { DeliveryHour } from '../../domain/webhook-stats/service';
import { webhookScopeArgs } from './webhook-listener';

const WebhookDeliveryHourRef = builder.objectRef<DeliveryHour>('WebhookDeliveryHour').implement({
  description: 'The deliveries a listener’s log recorded in one hour (UTC), by where they stand now.',
  fields: (t) => ({
    start: t.field({ type: 'Timestamp', description: 'The hour’s start.', resolve: (h) => h.start }),
    delivered: t.exposeInt('delivered', { description: 'Delivered: the receiver answered 2xx.' }),
    waiting: t.exposeInt('waiting', { description: 'Not delivered yet: pending, or retrying after a failed attempt.' }),
    dead: t.exposeInt('dead', { description: 'Given up after every attempt.' }),
    averageLatencyMs: t.exposeInt('averageLatencyMs', { nullable: true, description: 'Mean time of the delivered ones’ successful attempt, in ms (rounded); null when none was delivered.' }),
    maxLatencyMs: t.exposeInt('maxLatencyMs', { nullable: true, description: 'Longest successful attempt of the hour, in ms; null when none was delivered.' }),
  }),
});

builder.queryFields((t) => ({
  webhookDeliveryHours: t.field({
    nullable: true,
    type: [WebhookDeliveryHourRef],
    description: 'A listener’s deliveries per hour over the last `hours`, oldest first, every hour listed (bearer token of the project).',
    args: {
      ...webhookScopeArgs,
      listenerId: t.arg.int({ required: true, description: 'The listener’s id.' }),
      hours: t.arg.int({ required: false, description: 'How many hours, the current one included: 1 to 168 (delivered rows are kept 7 days); 24 by default.' }),
    },
    resolve: (_, args, ctx) => ctx.services.webhookStats.deliveryHours(ctx.credentials, args),
  }),
}));
