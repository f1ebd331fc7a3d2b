// Cross-process named locks: MySQL GET_LOCK, or a lock file beside the SQLite database.
import lockfile from 'proper-lockfile';
import type { Db } from './data-source';
import { dialectOf } from './data-source';

export type LockOptions = {
  /** Called once when the lock is held by someone else and we start waiting. */
  onWait?: () => void;
  /** Give up after this long (ms); default: wait forever. */
  timeoutMs?: number;
  /** Checked while waiting: a process shutting down stops waiting (LockAbortedError). */
  aborted?: () => boolean;
};

export class LockAbortedError extends Error {}

/** Runs `fn` while holding the named lock; releases it whatever happens. */
export const withDatabaseLock = async <T>(db: Db, name: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> => {
  const release = await acquireDatabaseLock(db, name, opts);
  try {
    return await fn();
  } finally {
    await release();
  }
};

export const acquireDatabaseLock = async (db: Db, name: string, opts: LockOptions = {}): Promise<() => Promise<void>> =>
  dialectOf(db) === 'mysql' ? acquireMysqlLock(db, name, opts) : acquireFileLock(db, name, opts);

const POLL_SECONDS = 2;

const acquireMysqlLock = async (db: Db, name: string, opts: LockOptions) => {
  // GET_LOCK is held by a connection, so keep one connection for the lock's whole life.
  const runner = db.createQueryRunner();
  await runner.connect();
  const lockName = `strata:${name}`.slice(0, 64);
  const started = Date.now();
  let warned = false;
  for (;;) {
    const rows = await runner.query('SELECT GET_LOCK(?, ?) AS got', [lockName, POLL_SECONDS]);
    if (Number(rows[0].got) === 1) break;
    if (!warned) {
      warned = true;
      opts.onWait?.();
    }
    if (opts.aborted?.()) {
      await runner.release();
      throw new LockAbortedError(`stopped waiting for database lock ${name}`);
    }
    if (opts.timeoutMs !== undefined && Date.now() - started > opts.timeoutMs) {
      await runner.release();
      throw new Error(`timed out waiting for database lock ${name}`);
    }
  }
  return async () => {
    try {
      await runner.query('SELECT RELEASE_LOCK(?)', [lockName]);
    } finally {
      await runner.release();
    }
  };
};

const acquireFileLock = async (db: Db, name: string, opts: LockOptions) => {
  const file = `${String(db.options.database)}.${name.replace(/[^a-z0-9_-]/gi, '_')}`;
  const started = Date.now();
  let warned = false;
  for (;;) {
    try {
      // A stale lock (its holder crashed) expires after `stale` ms because holders refresh it.
      const release = await lockfile.lock(file, { realpath: false, stale: 15_000, update: 5_000 });
      return async () => release();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (!warned) {
        warned = true;
        opts.onWait?.();
      }
      if (opts.aborted?.()) throw new LockAbortedError(`stopped waiting for database lock ${name}`);
      if (opts.timeoutMs !== undefined && Date.now() - started > opts.timeoutMs) {
        throw new Error(`timed out waiting for database lock ${name}`);
      }
      await new Promise((r) => setTimeout(r, POLL_SECONDS * 250));
    }
  }
};
