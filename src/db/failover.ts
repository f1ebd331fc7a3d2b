// A MySQL URL naming several servers (`mysql://user@node1:3306,node2:3306,node3:3306/db`, the nodes of a Galera
// cluster): each new pooled connection goes to the current node, and a connection that fails to reach it, or loses
// it, moves the pool on to the next. Connections already open to a node that died fail once (the query that hit them
// is retried by its caller: ingestion retries a step, a request is answered 503 and retried by the client) and are
// dropped by the pool; the next ones go to a live node. No other node is asked while the current one answers, so
// writes of a process stay on one node and never race their own writes on another (Galera would abort one of them).
import net from 'node:net';

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
};

export const createHostRotation = (hosts: readonly DbHost[]): HostRotation => {
  let index = 0;
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
      // Refused, reset, unreachable: the node is gone. mysql2 sees the same error and fails the connection.
      socket.once('error', () => advanceFrom(at));
      return socket;
    },
  };
};
