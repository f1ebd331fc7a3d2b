// Starts watching a DataSource's read replicas and routing its replica-scoped reads to them.
import type client from 'prom-client';
import type { DataSource } from 'typeorm';
import type { ReadReplicasConfig } from '../../config';
import { createReplicaMonitor, type ReplicaMonitor } from './monitor';
import { attachReplicaMonitor, clusterOf, detachReplicaMonitor, nodeQuery, replicaNodeId } from './route';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** host:port/database of a URL, without credentials. */
const whereOf = (url: string) => {
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
};

/**
 * Null when no replica is configured. Resolves after the first check, so a server that starts with healthy replicas
 * serves its first query from one.
 */
export const startReplicaMonitor = async (
  db: DataSource,
  { readReplicas, log, registry }: { readReplicas: ReadReplicasConfig; log: Log; registry: client.Registry },
): Promise<ReplicaMonitor | null> => {
  const cluster = clusterOf(db);
  if (!readReplicas.urls.length || !cluster) return null;
  const monitor = createReplicaMonitor({
    nodes: readReplicas.urls.map((url, i) => ({ id: replicaNodeId(i), label: String(i), where: whereOf(url) })),
    query: (id, sql, timeoutMs) => nodeQuery(cluster, id, sql, [], timeoutMs),
    maxLagSeconds: readReplicas.maxLagSeconds,
    intervalMs: readReplicas.checkIntervalMs,
    log,
    registry,
  });
  await monitor.check();
  attachReplicaMonitor(db, monitor);
  return {
    ...monitor,
    close() {
      detachReplicaMonitor(db);
      monitor.close();
    },
  };
};
