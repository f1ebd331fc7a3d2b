// The webhook deliverer's loop: a round of due deliveries (domain/webhooks/due-deliveries.ts) every WEBHOOK_POLL_MS,
// and at once when a chain commits or a listener is turned on again. Every process runs one; a lease per listener
// keeps two from delivering the same one.
import { createDueDeliveries, onDeliveriesDue, type DueDeliveriesDeps } from '../domain/webhooks/due-deliveries';
import { createPoller, type Poller } from './poller';

export type WebhookDeliveryWorker = Poller & {
  /** Stops the rounds, waits (at most `ms`) for the attempts in flight, and releases its leases. */
  stop(ms?: number): Promise<void>;
};

export const createWebhookDeliveryWorker = (deps: DueDeliveriesDeps): WebhookDeliveryWorker => {
  const due = createDueDeliveries(deps);
  const poller = createPoller({
    name: 'webhook_delivery',
    everyMs: deps.settings.pollMs,
    firstTickNow: false,
    tick: () => due.sendDue(),
    logger: deps.logger,
    metricsRegistry: deps.metricsRegistry,
  });
  let unsubscribe: (() => void) | null = null;
  return {
    ...poller,
    start() {
      if (unsubscribe) return;
      unsubscribe = onDeliveriesDue(deps.pubsub, poller.wake);
      poller.start();
    },
    async stop(ms?: number) {
      unsubscribe?.();
      unsubscribe = null;
      await due.settle(ms, poller.stop());
    },
  };
};
