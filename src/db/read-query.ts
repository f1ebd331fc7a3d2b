// Read-only statements on the query hot path (indexer pages), run as directly as the driver allows.
//
// On MySQL, `DataSource.query` takes a pooled connection into a query runner, wraps it in mysql2's
// promise API — which runs `require()` on every call — broadcasts subscriber events and releases the
// connection: together more CPU than the statement itself for a single-row page. Here the statement
// goes straight to the pool that TypeORM created (same options: time zone, big numbers as strings),
// and is logged through TypeORM's logger as before. SQLite's query runner is already a thin call into
// a cached prepared statement, so it is used as is. Only for reads outside transactions.
//
// With read replicas TypeORM holds a pool per server instead of one pool: a read in a replica scope goes to the
// replica the monitor picks, and is answered again from the primary if that replica turns out to be gone.
//
// Rows come back with the chain tables' binary addresses and hashes as 0x hex (db/binary.ts).
import { QueryFailedError } from 'typeorm';
import { hexRows } from './binary';
import type { Db } from './data-source';
import { isLostConnection } from './replicas/failures';
import { clusterOf, nodeQuery, PRIMARY_NODE, replicaFailed, replicaFor, type PoolCluster } from './replicas/route';

type MysqlPool = { query(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void };

export const readQuery = <T = Record<string, unknown>>(db: Db, sql: string, params: unknown[]): Promise<T[]> => readRaw<T>(db, sql, params).then(hexRows);

const readRaw = <T>(db: Db, sql: string, params: unknown[]): Promise<T[]> => {
  if (db.options.type !== 'mysql') return db.query(sql, params);
  const pool = (db.driver as unknown as { pool?: MysqlPool }).pool;
  const cluster = pool ? undefined : clusterOf(db);
  if (!pool && !cluster) return db.query(sql, params);
  db.logger.logQuery(sql, params);
  const failed = (err: Error) => {
    db.logger.logQueryError(err, sql, params);
    return new QueryFailedError(sql, params, err);
  };
  if (pool) {
    return new Promise((resolve, reject) => pool.query(sql, params, (err, rows) => (err ? reject(failed(err)) : resolve(rows as T[]))));
  }
  return replicatedRead<T>(db, cluster!, sql, params).catch((err) => Promise.reject(failed(err)));
};

const replicatedRead = async <T>(db: Db, cluster: PoolCluster, sql: string, params: unknown[]): Promise<T[]> => {
  const replica = replicaFor(db);
  if (replica) {
    try {
      return await nodeQuery<T>(cluster, replica, sql, params);
    } catch (err) {
      if (!isLostConnection(err)) throw err;
      replicaFailed(db, replica, err);
    }
  }
  return nodeQuery<T>(cluster, PRIMARY_NODE, sql, params);
};
