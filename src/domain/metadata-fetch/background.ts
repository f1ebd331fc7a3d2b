// Background work of the Metadata service: one job per key at a time, a global concurrency cap, bounded waits.
import pLimit from 'p-limit';
import { readingFromPrimary } from '../../db';

export type BackgroundJobs = {
  /**
   * Runs `fn` under `key` unless a job with that key is already running, in which case the caller
   * joins it. The returned promise never rejects: a failing job resolves to `undefined` after
   * `onError` has seen the error (jobs are expected to record their own failures).
   */
  run<T>(key: string, fn: () => Promise<T>): Promise<T | undefined>;
  running(key: string): boolean;
  /** How many jobs are queued or running. */
  size(): number;
  /** Stops accepting work, then waits (at most `ms`) for what is running. */
  close(ms?: number): Promise<void>;
};

export const createBackgroundJobs = ({
  concurrency,
  maxQueued,
  onError,
}: {
  concurrency: number;
  /** Beyond this many jobs, new keys are not started (the caller answers without them). */
  maxQueued: number;
  onError: (err: unknown, key: string) => void;
}): BackgroundJobs => {
  const limit = pLimit(concurrency);
  const jobs = new Map<string, Promise<unknown>>();
  let closed = false;

  return {
    run<T>(key: string, fn: () => Promise<T>) {
      const existing = jobs.get(key);
      if (existing) return existing as Promise<T | undefined>;
      if (closed || jobs.size >= maxQueued) return Promise.resolve(undefined);
      // On the primary even when a query started it: a job reads what it, or another job, has just written.
      const job = limit(() => (closed ? Promise.resolve(undefined) : readingFromPrimary(fn)))
        .catch((err) => {
          onError(err, key);
          return undefined;
        })
        .finally(() => jobs.delete(key));
      jobs.set(key, job);
      return job;
    },
    running: (key) => jobs.has(key),
    size: () => jobs.size,
    async close(ms = 5_000) {
      // Queued jobs see `closed` and end at once, so every caller's promise settles.
      closed = true;
      await waitAtMost([...jobs.values()], ms);
    },
  };
};

/** Resolves when every promise has settled or `ms` has passed, whichever comes first; true when all settled. */
export const waitAtMost = async (promises: Promise<unknown>[], ms: number): Promise<boolean> => {
  if (promises.length === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([Promise.allSettled(promises).then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
};
