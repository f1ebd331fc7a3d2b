// One deliverer per listener across processes: a lease row per listener with an expiry and a fencing token. Taking
// a lapsed lease bumps the token (a compare-and-set on the old one), so a process that lost its lease (paused, slow,
// partitioned) can neither renew it nor record an outcome; plain UPDATEs, the same on SQLite and MySQL.
import type { EntityManager } from 'typeorm';
import { WebhookLeaseEntity, type Db } from '../../db';

export type Lease = { listenerId: number; holder: string; token: number };

export const acquireLease = async (db: Db, listenerId: number, holder: string, leaseMs: number): Promise<Lease | null> => {
  const repo = db.getRepository(WebhookLeaseEntity);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + leaseMs);
  const row = await repo.findOneBy({ listenerId });
  if (!row) {
    try {
      await repo.insert({ listenerId, holder, token: 1, expiresAt });
      return { listenerId, holder, token: 1 };
    } catch {
      return null; // another process inserted it first
    }
  }
  if (row.expiresAt > now && row.holder !== holder) return null;
  const token = row.token + 1;
  const res = await repo.update({ listenerId, token: row.token }, { holder, token, expiresAt });
  return res.affected === 1 ? { listenerId, holder, token } : null;
};

/** Extends the lease; false when it was lost (taken over after it lapsed). Through `m`: inside the caller's transaction. */
export const renewLease = async (m: EntityManager, lease: Lease, leaseMs: number): Promise<boolean> => {
  const res = await m.getRepository(WebhookLeaseEntity).update(
    { listenerId: lease.listenerId, holder: lease.holder, token: lease.token },
    { expiresAt: new Date(Date.now() + leaseMs) },
  );
  return res.affected === 1;
};

/** Lets another process take the listener at once. */
export const releaseLease = async (db: Db, lease: Lease): Promise<void> => {
  await db.getRepository(WebhookLeaseEntity).update({ listenerId: lease.listenerId, holder: lease.holder, token: lease.token }, { expiresAt: new Date(0) });
};
