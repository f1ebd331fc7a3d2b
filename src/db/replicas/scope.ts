// Which reads may go to a read replica: only those made while a query operation runs (GraphQL `query`, and the RPC
// operations that execute one), never mutations, subscriptions, ingestion, migrations, locks, CLI commands or
// background work. Replica reads are opted into, so anything that forgets to say reads the primary: a stale read can
// then only happen where someone asked for one.
import { AsyncLocalStorage } from 'node:async_hooks';

type Scope = { open: boolean };

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` with its reads allowed on a replica. The permission ends when `fn` settles, so timers or jobs it started
 * that outlive it (they inherit this async context) read the primary again.
 */
export const readingFromReplicas = <T>(fn: () => T | Promise<T>): T | Promise<T> => {
  const scope: Scope = { open: true };
  let result: T | Promise<T>;
  try {
    result = scopes.run(scope, fn);
  } catch (err) {
    scope.open = false;
    throw err;
  }
  if (!(result instanceof Promise)) {
    scope.open = false;
    return result;
  }
  return result.finally(() => {
    scope.open = false;
  });
};

export const replicaReadsAllowed = (): boolean => scopes.getStore()?.open === true;

/**
 * Runs `fn` reading the primary even inside a replica scope (work that must see its own writes). Outside one it only
 * calls `fn`: on Node 20 entering AsyncLocalStorage at all turns on async hooks for every promise of the process, a
 * cost a deployment without replicas (which never opens a scope) must not pay.
 */
export const readingFromPrimary = <T>(fn: () => T): T => (scopes.getStore() ? scopes.exit(fn) : fn());
