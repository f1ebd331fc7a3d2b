// mysql2 as TypeORM loads it, with every connection in strict SQL mode (#48). A server configured without it (an
// empty sql_mode is common on older installs and some hosted MariaDB) stores a value out of its column's range clamped,
// and text too long truncated, with only a warning nobody reads; strict, the statement fails and nothing is lost
// unseen. STRICT_ALL_TABLES (not only STRICT_TRANS_TABLES, MariaDB's default) refuses such a value in any statement.
// The rest of the server's mode is kept. mysql2 has no per-connection setup statement: the pools' `connection` event
// (a new connection, before it runs its first query: mysql2 runs a connection's commands in order) sends one.
import mysql2 from 'mysql2';

const STRICT = "SET SESSION sql_mode = CONCAT_WS(',', NULLIF(@@SESSION.sql_mode, ''), 'STRICT_ALL_TABLES')";

type Connection = { query(sql: string, cb: (err: Error | null) => void): unknown; destroy(): void };
type Pool = { on(event: 'connection', listener: (c: Connection) => void): unknown };
type Cluster = { add(id: string, config: unknown): void; _nodes?: Record<string, { pool: Pool }> };

const strict = (pool: Pool) => {
  pool.on('connection', (c) =>
    c.query(STRICT, (err) => {
      // A connection that cannot be made strict is not used: its next query fails, and the pool opens another.
      if (err) c.destroy();
    }),
  );
  return pool;
};

export const strictMysql2 = {
  ...mysql2,
  createPool: ((config: unknown) => strict(mysql2.createPool(config as never) as unknown as Pool)) as unknown as typeof mysql2.createPool,
  createPoolCluster: ((config: unknown) => {
    const cluster = mysql2.createPoolCluster(config as never) as unknown as Cluster;
    const add = cluster.add.bind(cluster);
    cluster.add = (id, nodeConfig) => {
      add(id, nodeConfig);
      // The cluster makes each node's pool itself and keeps it here (mysql2 3.x); fail loudly if that ever changes.
      const pool = cluster._nodes?.[id]?.pool;
      if (!pool) throw new Error('mysql2 pool cluster: node pool not found; strict SQL mode cannot be set');
      strict(pool);
    };
    return cluster;
  }) as unknown as typeof mysql2.createPoolCluster,
};
