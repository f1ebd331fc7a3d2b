// The metadata_tasks table: queueing, claiming with a lease (safe with several processes), renewing, finishing.
import type { EntityManager } from 'typeorm';
import { In, LessThan, LessThanOrEqual } from 'typeorm';
import { MetadataTaskEntity, type Db, type MetadataTaskOrigin, type MetadataTaskQueue, type MetadataTaskRow } from '../../db';
import { taskFromRow, type MetadataTask, type TaskPayload } from './task-types';

/** A task whose worker has not renewed its lease for this long is taken over (the process died). */
export const TASK_LEASE_MS = 5 * 60_000;
/** A task is run at most this many times (a crash or lost lease counts); then it fails. */
export const TASK_MAX_TRIES = 3;
/** Results kept per task: the first lines, then one line saying how many were left out. */
export const RESULT_LINES_MAX = 1_000;

export type NewTask = { queue: MetadataTaskQueue; origin: MetadataTaskOrigin; chainId: number; contract: string | null; payload: TaskPayload };

const repoOf = (m: Db | EntityManager) => m.getRepository(MetadataTaskEntity);

/** Inserts queued tasks, due now; returns their ids in order. Runs in the caller's transaction when given a manager. */
export const queueTasks = async (m: Db | EntityManager, tasks: NewTask[]): Promise<number[]> => {
  const ids: number[] = [];
  const now = new Date();
  // One row per statement: both dialects then report each generated id reliably.
  for (const t of tasks) {
    const r = await repoOf(m).insert({
      queue: t.queue,
      status: 'QUEUED',
      origin: t.origin,
      chainId: t.chainId,
      contract: t.contract,
      payload: JSON.stringify(t.payload),
      result: null,
      error: null,
      tries: 0,
      runAt: now,
      leaseUntil: null,
      lastRanAt: null,
      createdAt: now,
      updatedAt: now,
    });
    ids.push(Number(r.identifiers[0].id));
  }
  return ids;
};

export const getTask = async (db: Db, id: number): Promise<MetadataTask | null> => {
  const row = await repoOf(db).findOneBy({ id });
  return row ? taskFromRow(row) : null;
};

/** The newest tasks about one contract (its token tasks and its single-contract info tasks), newest first. */
export const recentTasksOf = async (db: Db, chainId: number, contract: string, limit: number): Promise<MetadataTask[]> =>
  (await repoOf(db).find({ where: { chainId, contract }, order: { id: 'DESC' }, take: limit })).map(taskFromRow);

/**
 * Takes up to `max` due tasks for this worker: each is moved QUEUED → RUNNING by a conditional UPDATE, so two
 * processes never run the same task. Tasks whose lease ran out go back to the queue first (or fail past the cap).
 */
export const claimDueTasks = async (db: Db, max: number): Promise<MetadataTask[]> => {
  const repo = repoOf(db);
  const now = new Date();
  const expired = await repo.find({ where: { status: 'RUNNING', leaseUntil: LessThan(now) }, take: 100 });
  for (const t of expired) {
    const giveUp = t.tries >= TASK_MAX_TRIES;
    await repo.update(
      { id: t.id, status: 'RUNNING', leaseUntil: LessThan(now) },
      giveUp
        ? { status: 'FAILED', error: `stopped ${t.tries} times before it finished (the worker's process ended)`, leaseUntil: null, updatedAt: now }
        : { status: 'QUEUED', leaseUntil: null, updatedAt: now },
    );
  }
  if (max <= 0) return [];
  const due = await repo.find({ where: { status: 'QUEUED', runAt: LessThanOrEqual(now) }, order: { runAt: 'ASC', id: 'ASC' }, take: max });
  const claimed: MetadataTask[] = [];
  for (const t of due) {
    const leaseUntil = new Date(now.getTime() + TASK_LEASE_MS);
    const r = await repo.update({ id: t.id, status: 'QUEUED' }, { status: 'RUNNING', leaseUntil, lastRanAt: now, tries: t.tries + 1, updatedAt: now });
    if (r.affected === 1) claimed.push(taskFromRow({ ...t, status: 'RUNNING', leaseUntil, lastRanAt: now, tries: t.tries + 1, updatedAt: now }));
  }
  return claimed;
};

/** Finished tasks are kept this long after they ran (an app polls its task within minutes), then pruned. */
export const TASK_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Deletes up to `max` finished tasks that ran before `before` (index on status, run_at); returns how many. */
export const pruneFinishedTasks = async (db: Db, before: Date, max = 10_000): Promise<number> => {
  const repo = repoOf(db);
  const old = await repo.find({ select: { id: true }, where: { status: In(['DONE', 'FAILED']), runAt: LessThan(before) }, take: max });
  for (let i = 0; i < old.length; i += 1_000) await repo.delete({ id: In(old.slice(i, i + 1_000).map((t) => t.id)) });
  return old.length;
};

/** Keeps a long task's lease (called between its chunks). */
export const renewLease = async (db: Db, id: number): Promise<void> => {
  const now = new Date();
  await repoOf(db).update({ id, status: 'RUNNING' }, { leaseUntil: new Date(now.getTime() + TASK_LEASE_MS), updatedAt: now });
};

const resultText = (lines: string[]) =>
  JSON.stringify(lines.length > RESULT_LINES_MAX ? [...lines.slice(0, RESULT_LINES_MAX), `… and ${lines.length - RESULT_LINES_MAX} more`] : lines);

export const finishTask = async (db: Db, id: number, outcome: { ok: boolean; result: string[]; error?: string | null }): Promise<void> => {
  await repoOf(db).update(
    { id },
    {
      status: outcome.ok ? 'DONE' : 'FAILED',
      result: resultText(outcome.result),
      error: outcome.ok ? null : (outcome.error ?? 'failed').slice(0, 500),
      leaseUntil: null,
      updatedAt: new Date(),
    },
  );
};

/**
 * A task that pages through a contract's tokens has finished a chunk and has more to do: it goes back to the queue,
 * due now (behind the tasks already due, so one big collection does not hold a worker slot for hours), with its
 * cursor and counters in the payload and the result so far. Its tries start again: they count the runs of the chunk
 * at hand, so a collection of many chunks is not failed for that.
 */
export const continueTask = async (db: Db, id: number, next: { payload: TaskPayload; result: string[] }): Promise<void> => {
  const now = new Date();
  await repoOf(db).update(
    { id },
    { status: 'QUEUED', payload: JSON.stringify(next.payload), result: resultText(next.result), error: null, tries: 0, runAt: now, leaseUntil: null, updatedAt: now },
  );
};

/** A run that threw (database or node trouble): queued again after `delayMs`, or failed past the cap. */
export const requeueOrFail = async (db: Db, task: Pick<MetadataTaskRow, 'id' | 'tries'>, error: string, delayMs: number): Promise<void> => {
  const now = new Date();
  const giveUp = task.tries >= TASK_MAX_TRIES;
  await repoOf(db).update(
    { id: task.id },
    giveUp
      ? { status: 'FAILED', error: error.slice(0, 500), leaseUntil: null, updatedAt: now }
      : { status: 'QUEUED', error: error.slice(0, 500), runAt: new Date(now.getTime() + delayMs), leaseUntil: null, updatedAt: now },
  );
};
