// Cross-process named locks: MySQL GET_LOCK, or a lock file beside the SQLite database.
//
// Both are held by something the operating system ends with the holder: a MySQL connection, or an fcntl lock on a
// file. A holder that crashes (SIGKILL, OOM) releases its lock at once, so a restarted process takes it without
// waiting out a staleness timeout, and a live holder's lock is never judged stale.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Db } from './data-source';
import { dialectOf } from './data-source';
import { SqliteDatabase } from './sqlite-driver';

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
const MYSQL_LOCK_NAME_MAX = 64;

/**
 * GET_LOCK names are server-wide, so the database is part of the name: two indexes on one server must not wait on
 * each other. Names are at most 64 characters and compared case-insensitively, while database names may differ only
 * in case: a name that is too long or not plain lowercase ASCII keeps a readable prefix and ends in a hash of the
 * whole (plain truncation would let two long database names collide).
 */
export const mysqlLockName = (database: string, name: string): string => {
  const full = `strata:${database}:${name}`;
  if (/^[\x20-\x40\x5b-\x7e]*$/.test(full) && full.length <= MYSQL_LOCK_NAME_MAX) return full;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 32);
  const prefix = full.replace(/[^\x20-\x7e]/g, '_').slice(0, MYSQL_LOCK_NAME_MAX - hash.length - 1);
  return `${prefix}~${hash}`;
};

/** Called after each failed attempt: reports the wait once, and ends it on shutdown or timeout. */
const waiting = (name: string, opts: LockOptions) => {
  const started = Date.now();
  let warned = false;
  return () => {
    if (!warned) {
      warned = true;
      opts.onWait?.();
    }
    if (opts.aborted?.()) throw new LockAbortedError(`stopped waiting for database lock ${name}`);
    if (opts.timeoutMs !== undefined && Date.now() - started > opts.timeoutMs) {
      throw new Error(`timed out waiting for database lock ${name}`);
    }
  };
};

const acquireMysqlLock = async (db: Db, name: string, opts: LockOptions) => {
  // GET_LOCK is held by a connection, so keep one connection for the lock's whole life.
  const runner = db.createQueryRunner();
  await runner.connect();
  let lockName: string;
  try {
    const [{ db: database }] = await runner.query('SELECT DATABASE() AS db');
    lockName = mysqlLockName(String(database ?? ''), name);
    const waited = waiting(name, opts);
    for (;;) {
      const rows = await runner.query('SELECT GET_LOCK(?, ?) AS got', [lockName, POLL_SECONDS]);
      if (Number(rows[0].got) === 1) break;
      waited();
    }
  } catch (err) {
    await runner.release();
    throw err;
  }
  return async () => {
    try {
      await runner.query('SELECT RELEASE_LOCK(?)', [lockName]);
    } finally {
      await runner.release();
    }
  };
};

/**
 * SQLite's own locking is fcntl byte-range locks, which the kernel drops when the holding process dies, and SQLite
 * makes two connections of one process exclude each other too. The lock is an exclusive transaction on a small
 * database file of its own, kept open until release; nothing is written to it.
 */
const acquireFileLock = async (db: Db, name: string, opts: LockOptions) => {
  const file = `${String(db.options.database)}.${name.replace(/[^a-z0-9_-]/gi, '_')}.lock`;
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const waited = waiting(name, opts);
  for (;;) {
    const handle = new SqliteDatabase(file, { timeout: 0 });
    try {
      handle.exec('BEGIN EXCLUSIVE');
      return async () => {
        handle.exec('ROLLBACK');
        handle.close();
      };
    } catch (err) {
      handle.close();
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      waited();
      await new Promise((r) => setTimeout(r, POLL_SECONDS * 125));
    }
  }
};
