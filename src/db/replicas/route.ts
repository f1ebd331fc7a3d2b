// Sends a DataSource's replica-scoped reads to the replica its monitor picks, and everything else to the primary.
//
// TypeORM's own replication (`replication: { master, slaves }`) builds a mysql2 PoolCluster with one node per server
// ("MASTER", "SLAVE0", "SLAVE1", …) and asks `obtainSlaveConnection` for the SELECTs it makes outside transactions.
// Two things here change what it does: its choice of node (round robin over every replica, dead or lagging) becomes
// the monitor's pick, falling back to the primary; and which SELECTs ask at all (every one, by default) becomes
// those made in a replica scope (data-source.ts, scope.ts). Writes, transactions, migrations, locks and
// DataSource.query always take "MASTER".
import type { DataSource } from 'typeorm';
import { isLostConnection } from './failures';
import type { ReplicaMonitor } from './monitor';
import { replicaReadsAllowed } from './scope';

type Connection = {
  query(options: string | { sql: string; timeout?: number }, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void;
  release(): void;
  listenerCount(event: string): number;
  on(event: 'error', fn: (err: Error) => void): void;
};
export type PoolCluster = { getConnection(pattern: string, cb: (err: Error | null, conn: Connection) => void): void };
type ReplicatedDriver = {
  isReplicated: boolean;
  poolCluster?: PoolCluster;
  obtainMasterConnection(): Promise<unknown>;
  obtainSlaveConnection(): Promise<unknown>;
};

export const PRIMARY_NODE = 'MASTER';
export const replicaNodeId = (index: number) => `SLAVE${index}`;

const monitors = new WeakMap<object, ReplicaMonitor>();

/** From now on, replica-scoped reads of `db` go where `monitor` says. */
export const attachReplicaMonitor = (db: DataSource, monitor: ReplicaMonitor) => monitors.set(db, monitor);
export const detachReplicaMonitor = (db: DataSource) => monitors.delete(db);

/** The node this read should use: a usable replica inside a replica scope, else null (the primary). */
export const replicaFor = (db: DataSource): string | null => (replicaReadsAllowed() ? (monitors.get(db)?.pick() ?? null) : null);

/** A read on `node` lost its connection: the monitor skips that replica until it checks healthy. */
export const replicaFailed = (db: DataSource, node: string, err: unknown) => monitors.get(db)?.failed(node, err);

export const clusterOf = (db: DataSource): PoolCluster | undefined => (db.driver as unknown as ReplicatedDriver).poolCluster;

/** A connection from one node of the cluster, with an error listener as TypeORM gives its own (an idle pooled connection's error must not crash). */
export const nodeConnection = (cluster: PoolCluster, node: string, onError: (err: Error) => void): Promise<Connection> =>
  new Promise((resolve, reject) =>
    cluster.getConnection(node, (err, conn) => {
      if (err) return reject(err);
      if (!conn.listenerCount('error')) conn.on('error', onError);
      resolve(conn);
    }),
  );

/** Runs one statement on one node and releases the connection. */
export const nodeQuery = async <T>(cluster: PoolCluster, node: string, sql: string, params: unknown[], timeoutMs?: number, onError = () => {}): Promise<T[]> => {
  const conn = await nodeConnection(cluster, node, onError);
  return new Promise((resolve, reject) =>
    conn.query(timeoutMs ? { sql, timeout: timeoutMs } : sql, params, (err, rows) => {
      conn.release();
      if (err) reject(err);
      else resolve(rows as T[]);
    }),
  );
};

type PromiseQuery = (...args: unknown[]) => Promise<unknown>;
type PooledConnection = { promise(): { query: PromiseQuery }; release(): void };

/**
 * A replica connection whose statements (TypeORM runs them through `promise().query`) are answered by the primary
 * when the replica drops the connection under them, as readQuery does for raw reads (read-query.ts): the statement is
 * read again, the request is not executed again. It only reads, so reading it twice writes nothing.
 */
const answeredByPrimaryIfLost = (db: DataSource, node: string, conn: PooledConnection, primary: () => Promise<unknown>): PooledConnection =>
  new Proxy(conn, {
    get(target, key) {
      if (key !== 'promise') {
        const v = Reflect.get(target, key);
        return typeof v === 'function' ? v.bind(target) : v;
      }
      return () => {
        const api = target.promise();
        const query: PromiseQuery = async (...args) => {
          try {
            return await api.query(...args);
          } catch (err) {
            if (!isLostConnection(err)) throw err;
            replicaFailed(db, node, err);
            const onPrimary = (await primary()) as PooledConnection;
            try {
              return await onPrimary.promise().query(...args);
            } finally {
              onPrimary.release();
            }
          }
        };
        return new Proxy(api, { get: (t, k) => (k === 'query' ? query : Reflect.get(t, k)) });
      };
    },
  });

/** Replaces the driver's choice of replica connection (see the top of this file). */
export const routeReplicaConnections = (db: DataSource) => {
  const driver = db.driver as unknown as ReplicatedDriver;
  if (!driver.isReplicated) return;
  const primary = driver.obtainMasterConnection.bind(driver);
  driver.obtainSlaveConnection = async () => {
    const node = monitors.get(db)?.pick() ?? null;
    if (!node || !driver.poolCluster) return primary();
    let conn: Connection;
    try {
      conn = await nodeConnection(driver.poolCluster, node, (err) => db.logger.log('warn', `MySQL replica connection raised an error. ${err}`));
    } catch (err) {
      // The replica refused or did not answer: this read goes to the primary, and the next ones too until it recovers.
      replicaFailed(db, node, err);
      return primary();
    }
    // A connection that breaks under a statement (the replica died with it open in the pool, or mid-way): that
    // statement is read from the primary, and the replica is skipped from then on.
    return answeredByPrimaryIfLost(db, node, conn as unknown as PooledConnection, primary);
  };
};
