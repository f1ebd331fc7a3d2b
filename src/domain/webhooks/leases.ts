// One deliverer per listener across processes: the listener's lease (db/leases.ts, named `webhook:<id>`), with an
// expiry by the database's clock and a fencing token. Taking a lapsed lease bumps the token, so a process that lost
// its lease (paused, slow, partitioned) can neither renew it nor record an outcome: the deliverer writes each outcome
// in a transaction that renews the lease first.
import type { EntityManager } from 'typeorm';
import { deleteLeases, releaseLeaseRow, renewLeaseIn, tryAcquireLease, type Db } from '../../db';

export type Lease = { listenerId: number; holder: string; token: number };

export const webhookLeaseName = (listenerId: number) => `webhook:${listenerId}`;

/** The listener's lease when it is free, lapsed or already `holder`'s; null while another process holds it. */
export const acquireLease = async (db: Db, listenerId: number, holder: string, leaseMs: number): Promise<Lease | null> => {
  const token = await tryAcquireLease(db, webhookLeaseName(listenerId), holder, leaseMs);
  return token === null ? null : { listenerId, holder, token };
};

/** Extends the lease; false when it was lost (taken over after it lapsed). Through `m`: inside the caller's transaction. */
export const renewLease = (m: EntityManager, lease: Lease, leaseMs: number): Promise<boolean> =>
  renewLeaseIn(m, webhookLeaseName(lease.listenerId), lease.holder, lease.token, leaseMs);

/** Lets another process take the listener at once. */
export const releaseLease = (db: Db, lease: Lease): Promise<void> => releaseLeaseRow(db, webhookLeaseName(lease.listenerId), lease.holder, lease.token);

/** Removed listeners' leases, inside the removal's transaction. */
export const forgetLeases = (m: EntityManager, listenerIds: number[]): Promise<void> => deleteLeases(m, listenerIds.map(webhookLeaseName));
