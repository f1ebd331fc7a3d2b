// Metadata tasks, one round at a time (the loop that runs the rounds is src/workers/metadata-tasks.ts; every process
// with the Metadata services runs one): a round sweeps due retries, prunes finished tasks now and then, and claims due
// tasks to run a few at once in the background. Claims are conditional updates, so processes sharing a database never
// run a task twice.
import type { Logger } from '../../config/logger';
import type { Db } from '../../db';
import { retryDelayMs } from '../metadata-fetch/backoff';
import { shortError } from '../metadata-fetch/failures';
import { sweepDueRetries } from './retry-sweep';
import { runTask, type TaskRunnerDeps } from './task-runner';
import { claimDueTasks, continueTask, finishTask, pruneFinishedTasks, renewLease, requeueOrFail, TASK_RETENTION_MS } from './task-store';
import type { MetadataTask } from './task-types';

/** How often finished tasks past their retention are deleted. */
const PRUNE_EVERY_MS = 10 * 60_000;

export type DueTasks = {
  /** One round; claims nothing while settling. */
  runDue(): Promise<void>;
  /**
   * Claims no more, waits for `roundEnded` (the round in flight, if any), then (at most `ms`) for the running tasks;
   * unfinished ones are taken over after their lease. `resume()` claims again.
   */
  settle(ms?: number, roundEnded?: Promise<void>): Promise<void>;
  resume(): void;
};

export type DueTasksDeps = {
  deps: TaskRunnerDeps & { db: Db };
  logger: Logger;
  concurrency?: number;
  retryBaseMs: number;
  /** Tokens per run of a task that pages through a contract's tokens (TASK_MAX_ITEMS unless given). */
  chunkTokens?: number;
};

export const createDueTasks = ({ deps, logger, concurrency = 4, retryBaseMs, chunkTokens }: DueTasksDeps): DueTasks => {
  const running = new Set<Promise<void>>();
  let stopped = false;
  let prunedAt = 0;

  const runOne = async (task: MetadataTask) => {
    try {
      const outcome = await runTask(deps, task, () => renewLease(deps.db, task.id), { chunkTokens });
      if (outcome.next) {
        // A chunk of a paged task is done: it waits its turn again for the next one.
        await continueTask(deps.db, task.id, { payload: outcome.next, result: outcome.result });
        logger.debug({ task: task.id }, 'metadata task chunk finished');
      } else {
        await finishTask(deps.db, task.id, outcome);
        logger.debug({ task: task.id, ok: outcome.ok }, 'metadata task finished');
      }
    } catch (err) {
      // Infrastructure trouble (database, a bug): the whole task is tried again later, a few times.
      logger.warn({ err, task: task.id }, 'metadata task run failed');
      await requeueOrFail(deps.db, { id: task.id, tries: task.tries }, shortError(err), retryDelayMs(task.tries, retryBaseMs)).catch((e) =>
        logger.error({ err: e, task: task.id }, 'could not record a failed metadata task'),
      );
    }
  };

  return {
    async runDue() {
      await sweepDueRetries(deps.db);
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneFinishedTasks(deps.db, new Date(Date.now() - TASK_RETENTION_MS));
      }
      const free = concurrency - running.size;
      for (const task of await claimDueTasks(deps.db, stopped ? 0 : free)) {
        const p = runOne(task).finally(() => running.delete(p));
        running.add(p);
      }
    },
    async settle(ms = 5_000, roundEnded) {
      stopped = true;
      await roundEnded;
      let t: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => (t = setTimeout(r, ms)))]);
      clearTimeout(t);
    },
    resume() {
      stopped = false;
    },
  };
};
