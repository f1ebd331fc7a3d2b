// Where a request's reads are served: a query operation may read from a replica (DATABASE_READ_URLS); mutations,
// subscriptions and everything that runs outside a query read the primary, so they see their own writes.
import { readingFromPrimary, readingFromReplicas } from '../db';

export type Reads = {
  /** True when read replicas are configured. */
  readonly replicas: boolean;
  /** Runs a query operation with its reads allowed on a usable replica. */
  onReplica<T>(fn: () => T | Promise<T>): T | Promise<T>;
  /** Runs `fn` reading the primary, even inside a query. */
  onPrimary<T>(fn: () => T): T;
};

export const createReads = ({ replicas }: { replicas: boolean }): Reads => ({
  replicas,
  // Without replicas no scope is opened: the query path stays as it was.
  onReplica: (fn) => (replicas ? readingFromReplicas(fn) : fn()),
  onPrimary: readingFromPrimary,
});
