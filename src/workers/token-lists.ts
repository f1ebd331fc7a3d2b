// Reads the token lists again (TOKEN_LISTS) at start and every TOKEN_LISTS_REFRESH_SECONDS (only at start when 0). A
// list that cannot be read or fails validation keeps its previous import; an unchanged one costs one read and one row
// update. Every serving process runs it: an import replaces a list's rows in one transaction, so two processes
// importing the same document leave the same rows.
import type client from 'prom-client';
import type { TrustConfig } from '../config';
import type { Logger } from '../config/logger';
import type { TokenDirectoryService } from '../domain/trust/directory';
import { createPoller, stuckTick, type Poller } from './poller';

export const createTokenListRefresher = ({
  directory,
  settings,
  logger,
  metricsRegistry,
}: {
  directory: Pick<TokenDirectoryService, 'refreshAll'>;
  settings: Pick<TrustConfig, 'refreshSeconds' | 'tokenLists'>;
  logger: Logger;
  metricsRegistry?: client.Registry;
}): Poller => {
  const tick = async () => {
    const statuses = await directory.refreshAll();
    const refused = statuses.filter((s) => s.outcome === 'REFUSED');
    if (refused.length) throw new Error(`${refused.length} of ${statuses.length} token lists refused: ${refused.map((s) => s.error).join('; ')}`);
  };
  if (settings.refreshSeconds > 0) {
    return createPoller({ name: 'token_lists', everyMs: settings.refreshSeconds * 1000, tick, logger, metricsRegistry });
  }
  // Only at start: one tick, reported like a poller's.
  let running: Promise<void> | null = null;
  let lastSuccess: Date | null = null;
  let runningSince: number | null = null;
  return {
    start() {
      if (running) return;
      runningSince = Date.now();
      running = tick()
        .then(
          () => void (lastSuccess = new Date()),
          (err: unknown) => logger.warn({ err, worker: 'token_lists' }, 'reading the token lists failed'),
        )
        .finally(() => void (runningSince = null));
    },
    stop: async () => void (await running),
    lastSuccessAt: () => lastSuccess,
    readinessProblem: () => stuckTick('token_lists', runningSince, 5 * 60_000),
  };
};
