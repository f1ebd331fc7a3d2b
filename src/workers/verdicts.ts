// The verdict worker's loop (#42): every SPAM_VERDICTS_POLL_MS a pass of the verdict store (domain/trust/verdict-store.ts)
// marks the verdicts whose inputs changed and computes a batch of stale ones; a pass that left work is followed by
// another at once. Runs where the Metadata services are served; two processes computing one verdict write the same row.
import type client from 'prom-client';
import type { TrustConfig } from '../config';
import type { Logger } from '../config/logger';
import type { VerdictStore } from '../domain/trust/verdict-store';
import { createPoller, type WakeablePoller } from './poller';

export const createVerdictWorker = ({
  store,
  settings,
  logger,
  metricsRegistry,
}: {
  store: Pick<VerdictStore, 'refresh'>;
  settings: TrustConfig['verdicts'];
  logger: Logger;
  metricsRegistry?: client.Registry;
}): WakeablePoller => {
  let poller: WakeablePoller;
  const tick = async () => {
    if (await store.refresh()) poller.wake();
  };
  poller = createPoller({ name: 'spam_verdicts', everyMs: settings.pollMs, tick, logger, metricsRegistry });
  return poller;
};
