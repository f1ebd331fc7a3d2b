// Who may write a chain (one indexer per chain) and apply migrations: a lock that the database session holds, or a lease
// row with a fencing token that works where the lock is not replicated (MariaDB Galera: GET_LOCK is local to one node).
import { z } from 'zod';

export type LeadershipMode = 'auto' | 'lock' | 'lease';

export type LeadershipConfig = Readonly<{
  /** auto: a lease when the MySQL server reports wsrep_on (Galera), the lock otherwise (SQLite, plain MySQL/MariaDB). */
  mode: LeadershipMode;
  /** How long a lease lasts unless its holder renews it (every third of it); a takeover waits this long after a holder dies. */
  leaseTtlMs: number;
}>;

export const leadershipEnvSchema = {
  LEADERSHIP: z.enum(['auto', 'lock', 'lease']).default('auto'),
  LEASE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(10_000),
};

type LeadershipEnv = z.infer<z.ZodObject<typeof leadershipEnvSchema>>;

export const leadershipConfigOf = (e: LeadershipEnv): LeadershipConfig => Object.freeze({ mode: e.LEADERSHIP, leaseTtlMs: e.LEASE_TTL_MS });
