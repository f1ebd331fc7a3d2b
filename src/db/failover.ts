// A MySQL URL naming several servers (`mysql://user@node1:3306,node2:3306,node3:3306/db`, the nodes of a Galera
// cluster): each new pooled connection goes to the current node, and a connection that fails to reach it, or loses
// it, moves the pool on to the next. Connections already open to a node that died fail once (the query that hit them
// is retried by its caller: ingestion retries a step, a request is answered 503 and retried by the client) and are
// dropped by the pool; the next ones go to a live node. No other node is asked while the current one answers, so
// writes of a process stay on one node and never race their own writes on another (Galera would abort one of them).
//
// A node can also stay up and answer every query with an error: cut off from the others (a network partition, the
// rest of the cluster gone), it leaves the primary component and refuses reads and writes with ER_UNKNOWN_COM_ERROR
// (1047, "WSREP has not yet prepared node for application use") until it rejoins. Such an answer moves the pool on as
// well, and the connection that got it is closed so the pool does not hand it out again (`failoverLogger`).
import net from 'node:net';
import type { Logger as TypeOrmLogger, QueryRunner } from 'typeorm';

export type DbHost = { host: string; port: number };

/** `host:port` entries of a MySQL URL's authority (IPv6 in brackets); the port defaults to 3306. */
export const parseDbHosts = (authority: string): DbHost[] =>
  authority.split(',').map((entry) => {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry.trim());
    if (!m) throw new Error(`not a host[:port]: ${entry}`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port: m[2] ? Number(m[2]) : 3306 };
  });

export type HostRotation = {
  /** mysql2's `stream` option: opens each new connection's socket to the current node. */
  stream: () => net.Socket;
  /** The node new connections go to now. */
  current(): DbHost;
  /** A connection's node refuses service: new connections go to the next node, and this one is closed. */
  leave(connection: PooledConnection): void;
};

/** What this module needs of a mysql2 pooled connection. */
type PooledConnection = { stream?: unknown; destroy(): void };

export const createHostRotation = (hosts: readonly DbHost[]): HostRotation => {
  let index = 0;
  /** Which node each socket was opened to. */
  const nodeOf = new WeakMap<object, number>();
  const advanceFrom = (from: number) => {
    // Only the first failure of a node moves on: ten connections failing together must not skip ten nodes.
    if (index === from) index = (index + 1) % hosts.length;
  };
  return {
    current: () => hosts[index],
    stream() {
      const at = index;
      const { host, port } = hosts[at];
      const socket = net.connect({ host, port });
      socket.setNoDelay(true);
      nodeOf.set(socket, at);
      // Refused, reset, unreachable: the node is gone. mysql2 sees the same error and fails the connection.
      socket.once('error', () => advanceFrom(at));
      return socket;
    },
    leave(connection) {
      const at = connection.stream && typeof connection.stream === 'object' ? nodeOf.get(connection.stream) : undefined;
      if (at !== undefined) advanceFrom(at);
      connection.destroy();
    },
  };
};

/** The answer of a Galera node outside the primary component (wsrep not ready): it serves nothing until it rejoins. */
export const isNodeNotReady = (err: unknown): boolean => (err as { errno?: unknown } | null)?.errno === 1047;

/**
 * TypeORM's logger hears of every failed query together with the query runner that ran it, whatever code asked: the
 * one place to see a node that refuses service. It logs nothing (the data source's `logging: false`); callers log the
 * errors they get.
 */
export const failoverLogger = (rotation: HostRotation): TypeOrmLogger => ({
  logQuery: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
  logQueryError(error: unknown, _query: string, _parameters?: unknown[], queryRunner?: QueryRunner) {
    const connection = (queryRunner as { databaseConnection?: PooledConnection } | undefined)?.databaseConnection;
    if (connection && isNodeNotReady(error)) rotation.leave(connection);
  },
});
