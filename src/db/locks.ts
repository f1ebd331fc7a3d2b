// Cross-process named locks: MySQL GET_LOCK, or a lock file beside the SQLite database; on MariaDB Galera, where
// GET_LOCK is not replicated, a lease row with a fencing token instead (leases.ts). `createLeadership` picks one.
//
// Both are held by something the operating system ends with the holder: a MySQL connection, or an fcntl lock on a
// file. A holder that crashes (SIGKILL, OOM) releases its lock at once, so a restarted process takes it without
// waiting out a staleness timeout, and a live holder's lock is never judged stale.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { EntityManager } from 'typeorm';
import type { Db } from './data-source';
import { dialectOf } from './data-source';
import { LeaseLostError, acquireLease, fencedDb } from './leases';
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

/** Runs `fn` while holding the named lock (or lease: `leadership`); releases it whatever happens. */
export const withDatabaseLock = async <T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
  opts: LockOptions & { leadership?: LeadershipSettings } = {},
): Promise<T> => {
  const held = await createLeadership(db, name, opts.leadership).acquire(opts);
  try {
    return await fn();
  } finally {
    await held.release();
  }
};

export type LeadershipSettings = {
  /** auto (default): a lease when the server reports wsrep_on (Galera), the lock otherwise. */
  mode?: 'auto' | 'lock' | 'lease';
  leaseTtlMs?: number;
};

export type Lead = {
  release(): Promise<void>;
  /** True once this process knows the lead has passed to another (lease mode; a lock is never lost while held). */
  lost(): boolean;
  /** 'lock' or 'lease', as resolved from `auto`. */
  kind: 'lock' | 'lease';
  /** The lease's fencing token; null under a lock. */
  token: number | null;
};

export type Leadership = {
  /** Resolves once this process leads. */
  acquire(opts?: LockOptions): Promise<Lead>;
  /**
   * The database as the leader writes it: under a lease, each transaction ends by proving the lease is still ours and
   * fails with LeaseLostError otherwise; under a lock, `db` itself.
   */
  db: Db;
};

const DEFAULT_LEASE_TTL_MS = 10_000;
const galera = new WeakMap<Db, Promise<boolean>>();

/** Whether the server replicates with Galera (wsrep_on), asked once per data source; MySQL has no such variable. */
export const isGalera = (db: Db): Promise<boolean> => {
  if (dialectOf(db) !== 'mysql') return Promise.resolve(false);
  let known = galera.get(db);
  if (!known) {
    known = db
      .query("SHOW VARIABLES LIKE 'wsrep_on'")
      .then((rows: Array<{ Value?: string; value?: string }>) => String(rows[0]?.Value ?? rows[0]?.value ?? '').toUpperCase() === 'ON')
      .catch(() => false);
    galera.set(db, known);
  }
  return known;
};

export const leadershipKind = async (db: Db, mode: LeadershipSettings['mode'] = 'auto'): Promise<'lock' | 'lease'> =>
  mode === 'auto' ? ((await isGalera(db)) ? 'lease' : 'lock') : mode;

/** One writer per name across processes: `acquire` it, then write through `db`. */
export const createLeadership = (db: Db, name: string, settings: LeadershipSettings = {}): Leadership => {
  // Until the lead is taken, and after it is released, a transaction through `db` does not commit.
  const notLeading = async () => {
    throw new LeaseLostError(`${name}: this process does not lead; nothing is committed`);
  };
  let fence: (m: EntityManager) => Promise<void> = notLeading;
  return {
    db: fencedDb(db, (m) => fence(m)),
    async acquire(opts = {}) {
      const kind = await leadershipKind(db, settings.mode);
      if (kind === 'lock') {
        const release = await acquireDatabaseLock(db, name, opts);
        fence = async () => undefined;
        return { kind, token: null, lost: () => false, release: () => ((fence = notLeading), release()) };
      }
      const waited = waiting(name, opts);
      const held = await acquireLease(db, name, { ttlMs: settings.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS, waited });
      fence = (m) => held.fence(m);
      return {
        kind,
        token: held.token,
        lost: held.lost,
        release: () => ((fence = notLeading), held.release()),
      };
    },
  };
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
