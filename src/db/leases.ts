// Leases with a fencing token: leadership that holds on MariaDB Galera, where GET_LOCK, LOCK TABLES and other explicit
// locks are not replicated ("Galera Cluster known limitations"), so two nodes would each grant the same lock.
//
// A lease is a row (name, holder, token, expires_at) changed only by compare-and-set UPDATEs, which Galera certifies
// like any write: a takeover bumps the token, and once it commits, an UPDATE naming the old token matches no row.
// `fence` is that UPDATE, run inside each transaction of the holder just before its commit: either it matches (and its
// write-set, which contains the lease row, conflicts with any takeover being committed at the same time, so only one
// of the two commits) or the transaction fails with LeaseLostError. A holder paused past its expiry (GC, SIGSTOP, a
// partitioned node) therefore cannot commit over the new holder, whatever it believes about its lease.
//
// Time is the database's clock (milliseconds since 1970 in expires_at), so the processes' clocks do not matter; Galera
// nodes are expected to keep theirs in sync (NTP), as any lease on several servers does.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { EntityManager, QueryRunner } from 'typeorm';
import type { Db } from './data-source';
import { dialectOf } from './data-source';

export class LeaseLostError extends Error {
  readonly code = 'LEASE_LOST';
}

export type Lease = {
  readonly name: string;
  readonly holder: string;
  /** The fencing token: one more than the previous holder's. */
  readonly token: number;
  /** Inside a transaction, last: proves the lease is still ours at commit, or throws LeaseLostError. */
  fence(m: EntityManager): Promise<void>;
  /** True once a renewal found the lease taken, or could not renew it for a whole TTL. */
  lost(): boolean;
  /** Stops renewing and lets the lease lapse at once (a no-op once lost). */
  release(): Promise<void>;
};

export type LeaseOptions = {
  ttlMs: number;
  /** Called once when another holder has the lease and we start waiting. */
  onWait?: () => void;
  /** Called each time a failed attempt is about to wait (throw to stop waiting). */
  waited?: () => void;
  /** Called when the lease is found lost by a renewal (not by `fence`, whose caller sees the error). */
  onLost?: () => void;
};

export const LEASE_TABLE = 'leases';

/** The database's clock in ms since 1970, as an SQL expression. */
const nowMs = (db: Db) =>
  dialectOf(db) === 'mysql' ? 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)' : "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";

/**
 * Not a migration: the migration lock itself is a lease on Galera, so the table must exist before migrations run. The
 * primary key is what Galera needs of every table; InnoDB is the only engine it replicates.
 */
const ensured = new WeakSet<Db>();
const ensureTable = async (db: Db) => {
  // Once per data source: leases are taken often (each webhook listener's deliverer), and DDL is replicated in total
  // order on Galera.
  if (ensured.has(db)) return;
  const engine = dialectOf(db) === 'mysql' ? ' ENGINE=InnoDB' : '';
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (name VARCHAR(191) NOT NULL PRIMARY KEY, holder VARCHAR(191) NOT NULL, ` +
      `token BIGINT NOT NULL, expires_at BIGINT NOT NULL)${engine}`,
  );
  ensured.add(db);
};

/** Rows an UPDATE matched, on both drivers. */
const affected = async (runner: QueryRunner, sql: string, params: unknown[]): Promise<number> => {
  const result = await runner.query(sql, params, true);
  return Number(result.affected ?? 0);
};

const withRunner = async <T>(db: Db, fn: (r: QueryRunner) => Promise<T>): Promise<T> => {
  const runner = db.createQueryRunner();
  try {
    return await fn(runner);
  } finally {
    await runner.release();
  }
};

export const newHolderId = () => `${os.hostname().slice(0, 100)}:${process.pid}:${randomBytes(6).toString('hex')}`;

/**
 * One attempt: takes the lease when it is free, lapsed, or already this holder's (token + 1 in every case, so an
 * earlier token of the same holder is fenced out too). Null when someone else holds it.
 */
export const tryAcquireLease = async (db: Db, name: string, holder: string, ttlMs: number): Promise<number | null> => {
  await ensureTable(db);
  const now = nowMs(db);
  return withRunner(db, async (r) => {
    // The lease's row, once: a name already there is kept (and only that; INSERT IGNORE would hide any other refusal).
    const keep = dialectOf(db) === 'mysql' ? 'ON DUPLICATE KEY UPDATE name = name' : 'ON CONFLICT DO NOTHING';
    await r.query(`INSERT INTO ${LEASE_TABLE} (name, holder, token, expires_at) VALUES (?, '', 0, 0) ${keep}`, [name]);
    const took = await affected(
      r,
      `UPDATE ${LEASE_TABLE} SET holder = ?, token = token + 1, expires_at = ${now} + ? WHERE name = ? AND (expires_at < ${now} OR holder = ?)`,
      [holder, ttlMs, name, holder],
    );
    if (took !== 1) return null;
    const [row] = await r.query(`SELECT token FROM ${LEASE_TABLE} WHERE name = ? AND holder = ?`, [name, holder]);
    return row ? Number(row.token) : null;
  });
};

/**
 * Extends a held lease by `ttlMs` from now; false when it was taken over (its token moved on). Through `m`'s
 * transaction when it has one, so that the renewal commits, or not, with the caller's writes: that is the fence.
 */
export const renewLeaseIn = async (m: EntityManager, name: string, holder: string, token: number, ttlMs: number): Promise<boolean> => {
  const sql = `UPDATE ${LEASE_TABLE} SET expires_at = ${nowMs(m.connection)} + ? WHERE name = ? AND holder = ? AND token = ?`;
  const params = [ttlMs, name, holder, token];
  const n = m.queryRunner ? await affected(m.queryRunner, sql, params) : await withRunner(m.connection, (r) => affected(r, sql, params));
  return n === 1;
};

/** Lets a held lease lapse now, so that a waiting process takes it at its next attempt; a lost one is left alone. */
export const releaseLeaseRow = async (db: Db, name: string, holder: string, token: number): Promise<void> => {
  await db.query(`UPDATE ${LEASE_TABLE} SET expires_at = 0 WHERE name = ? AND holder = ? AND token = ?`, [name, holder, token]);
};

/** Forgets leases whose subject is gone (a removed webhook listener), inside the caller's transaction. */
export const deleteLeases = async (m: EntityManager, names: string[]): Promise<void> => {
  if (!names.length) return;
  await ensureTable(m.connection);
  await m.query(`DELETE FROM ${LEASE_TABLE} WHERE name IN (${names.map(() => '?').join(', ')})`, names);
};

/** Who holds the named lease now (null: nobody, or it lapsed), by the database's clock. */
export const leaseHolder = async (db: Db, name: string): Promise<string | null> => {
  await ensureTable(db);
  const [row] = await db.query(`SELECT holder FROM ${LEASE_TABLE} WHERE name = ? AND expires_at >= ${nowMs(db)}`, [name]);
  return row ? String(row.holder) : null;
};

/** Takes the named lease, waiting while another holder has it, and renews it every third of its TTL until released. */
export const acquireLease = async (db: Db, name: string, opts: LeaseOptions): Promise<Lease> => {
  const { ttlMs } = opts;
  const holder = newHolderId();
  let token: number | null = null;
  let warned = false;
  for (;;) {
    token = await tryAcquireLease(db, name, holder, ttlMs);
    if (token !== null) break;
    if (!warned) {
      warned = true;
      opts.onWait?.();
    }
    opts.waited?.();
    await new Promise((r) => setTimeout(r, Math.min(1_000, Math.max(100, ttlMs / 4))));
  }
  const held = token;
  let lost = false;
  let released = false;
  let renewedAt = Date.now();
  const markLost = () => {
    if (lost || released) return;
    lost = true;
    clearInterval(timer);
    opts.onLost?.();
  };
  const renew = async () => {
    try {
      if (await renewLeaseIn(db.manager, name, holder, held, ttlMs)) renewedAt = Date.now();
      else markLost();
    } catch {
      // The database is out of reach (a node died): keep trying; past a whole TTL another process may have taken over.
      if (Date.now() - renewedAt > ttlMs) markLost();
    }
  };
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(renew);
  }, Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();

  return {
    name,
    holder,
    token: held,
    async fence(m) {
      if (!m.queryRunner) throw new Error('fence() runs inside a transaction');
      // Writes the lease row (so the commit carries it in its write-set) and renews it on the way.
      if (!(await renewLeaseIn(m, name, holder, held, ttlMs))) {
        lost = true;
        clearInterval(timer);
        throw new LeaseLostError(`lease ${name} (token ${held}) was taken over by another process; this transaction is not committed`);
      }
      renewedAt = Date.now();
    },
    lost: () => lost,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await renewing;
      if (lost) return;
      // Lapses now: a waiting process takes over at its next attempt instead of after the TTL.
      await releaseLeaseRow(db, name, holder, held).catch(() => undefined);
    },
  };
};

/** The database as a lease holder writes it: every transaction ends with the lease's fence (see above). */
export const fencedDb = (db: Db, fence: (m: EntityManager) => Promise<void>): Db => {
  const fenced = Object.create(db) as Db;
  const transaction = (async (...args: unknown[]) => {
    const fn = args[args.length - 1] as (m: EntityManager) => Promise<unknown>;
    const run = async (m: EntityManager) => {
      const out = await fn(m);
      await fence(m);
      return out;
    };
    return args.length > 1 ? db.transaction(args[0] as never, run) : db.transaction(run);
  }) as Db['transaction'];
  Object.defineProperty(fenced, 'transaction', { value: transaction });
  return fenced;
};
