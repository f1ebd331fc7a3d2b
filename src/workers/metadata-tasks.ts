// The metadata task worker's loop: a round of due tasks (domain/metadata-jobs/due-tasks.ts) every
// METADATA_TASK_POLL_MS. It runs wherever the Metadata services are; claims keep processes from running one twice.
import { createDueTasks, type DueTasksDeps } from '../domain/metadata-jobs/due-tasks';
import { createPoller, type Poller } from './poller';
import type client from 'prom-client';

export type MetadataTaskWorker = Poller & {
  /** Stops claiming, then waits (at most `ms`) for the running tasks; unfinished ones are taken over after their lease. */
  stop(ms?: number): Promise<void>;
};

export const createMetadataTaskWorker = ({
  pollMs,
  metricsRegistry,
  ...deps
}: DueTasksDeps & { pollMs: number; metricsRegistry?: client.Registry }): MetadataTaskWorker => {
  const due = createDueTasks(deps);
  const poller = createPoller({ name: 'metadata_tasks', everyMs: pollMs, firstTickNow: false, tick: () => due.runDue(), logger: deps.logger, metricsRegistry });
  return {
    ...poller,
    start() {
      due.resume();
      poller.start();
    },
    stop: (ms?: number) => due.settle(ms, poller.stop()),
  };
};
