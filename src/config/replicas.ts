// Read replicas of the MySQL/MariaDB primary (DATABASE_READ_URLS): where queries may read, how far behind a replica may
// be before it is skipped, and how often that is checked. The embedded SQLite database has no replicas.
import { z } from 'zod';

export type ReadReplicasConfig = Readonly<{
  /** mysql:// URLs of the replicas, in the order given; empty: every read goes to the primary. */
  urls: readonly string[];
  /** A replica whose Seconds_Behind_Master passes this is skipped until it is back under it. */
  maxLagSeconds: number;
  /** Milliseconds between two checks of each replica's replication status. */
  checkIntervalMs: number;
}>;

const MYSQL_URL = /^mysql:\/\/[^/\s]+\/[A-Za-z0-9_$-]+(\?\S*)?$/;

export const readReplicasEnvSchema = {
  DATABASE_READ_URLS: z
    .string()
    .trim()
    .default('')
    .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
    .refine((urls) => urls.every((u) => MYSQL_URL.test(u)), { message: 'must be comma-separated mysql://user:pass@host:port/db URLs' })
    .refine((urls) => new Set(urls).size === urls.length, { message: 'lists a replica twice' }),
  READ_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(86_400).default(5),
  READ_REPLICA_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
};

type ReadReplicasEnv = z.infer<z.ZodObject<typeof readReplicasEnvSchema>>;

export const readReplicasConfigOf = (e: ReadReplicasEnv, databaseKind: 'mysql' | 'sqlite', problems: string[]): ReadReplicasConfig => {
  if (e.DATABASE_READ_URLS.length && databaseKind !== 'mysql') {
    problems.push('DATABASE_READ_URLS: read replicas need a MySQL/MariaDB DATABASE_URL (the embedded SQLite database has none)');
  }
  return Object.freeze({
    urls: Object.freeze([...e.DATABASE_READ_URLS]),
    maxLagSeconds: e.READ_REPLICA_MAX_LAG_SECONDS,
    checkIntervalMs: e.READ_REPLICA_CHECK_MS,
  });
};
