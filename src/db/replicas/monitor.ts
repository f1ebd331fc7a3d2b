// Watches each read replica and says which may serve reads now: checked every interval, taken out at once when a
// read on it loses its connection, back when a check finds it replicating within the lag bound. Transitions are
// logged; state and lag are exported as gauges labelled by the replica's position in DATABASE_READ_URLS (bounded,
// and no host or credentials in a label).
import client from 'prom-client';
import { readReplicaHealth, REPLICA_STATES, type ReplicaHealth, type ReplicaState } from './status';

export type ReplicaNode = {
  /** Its node in the mysql2 pool cluster. */
  id: string;
  /** Its position in DATABASE_READ_URLS, as a label. */
  label: string;
  /** host:port/database, for the log. */
  where: string;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type ReplicaMonitor = {
  /** A usable replica's node (round robin), or null: read the primary. */
  pick(): string | null;
  /** A read on `id` lost its connection: skip the replica until a check finds it healthy again. */
  failed(id: string, err: unknown): void;
  /** Checks every replica now (start-up, tests). */
  check(): Promise<void>;
  states(): Array<{ label: string } & ReplicaHealth>;
  close(): void;
};

export const createReplicaMonitor = ({
  nodes,
  query,
  maxLagSeconds,
  intervalMs,
  log,
  registry,
}: {
  nodes: readonly ReplicaNode[];
  /** Runs a statement on one node, rejecting after `timeoutMs`. */
  query: (id: string, sql: string, timeoutMs: number) => Promise<Array<Record<string, unknown>>>;
  maxLagSeconds: number;
  intervalMs: number;
  log: Log;
  registry: client.Registry;
}): ReplicaMonitor => {
  const health = new Map<string, ReplicaHealth>(nodes.map((n) => [n.id, { state: 'down', lagSeconds: null, detail: 'not checked yet' }]));
  const stateGauge = new client.Gauge({
    name: 'strata_read_replica_state',
    help: 'State of each read replica (1 for its current state): usable serves queries; lagging, stopped and down are skipped',
    labelNames: ['replica', 'state'],
    registers: [registry],
  });
  const lagGauge = new client.Gauge({
    name: 'strata_read_replica_lag_seconds',
    help: "Each read replica's Seconds_Behind_Master at its last check (NaN when unknown)",
    labelNames: ['replica'],
    registers: [registry],
  });
  const usableGauge = new client.Gauge({ name: 'strata_read_replicas_usable', help: 'Read replicas serving queries now', registers: [registry] });
  let usable: string[] = [];
  let next = 0;

  const set = (node: ReplicaNode, h: ReplicaHealth) => {
    const before = health.get(node.id)!;
    health.set(node.id, h);
    for (const s of REPLICA_STATES) stateGauge.set({ replica: node.label, state: s }, s === h.state ? 1 : 0);
    lagGauge.set({ replica: node.label }, h.lagSeconds ?? NaN);
    usable = nodes.filter((n) => health.get(n.id)!.state === 'usable').map((n) => n.id);
    usableGauge.set(usable.length);
    if (before.state === h.state) return;
    const fields = { replica: node.label, where: node.where, state: h.state, was: before.state, lagSeconds: h.lagSeconds };
    if (h.state === 'usable') log.info(fields, 'read replica serving queries');
    else log.warn({ ...fields, why: h.detail }, usable.length ? 'read replica skipped' : 'read replica skipped; queries read the primary');
  };

  // A hung server must not hold a check past the next one.
  const timeoutMs = Math.max(500, Math.min(intervalMs, 5_000));
  const checkOne = async (node: ReplicaNode) => {
    let h: ReplicaHealth;
    let timer: NodeJS.Timeout | undefined;
    // The statement's own timeout does not cover connecting (mysql2 waits up to 10 s for an unreachable host).
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs * 2);
    });
    try {
      h = await Promise.race([readReplicaHealth((sql) => query(node.id, sql, timeoutMs), maxLagSeconds), late]);
    } catch (err) {
      h = { state: 'down', lagSeconds: null, detail: describe(err) };
    } finally {
      clearTimeout(timer);
    }
    set(node, h);
  };
  const check = async () => {
    await Promise.all(nodes.map(checkOne));
  };

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  // One check at a time: each round is scheduled when the previous one ends.
  const loop = () => {
    timer = setTimeout(() => void check().finally(() => !closed && loop()), intervalMs);
    timer.unref();
  };
  for (const n of nodes) set(n, health.get(n.id)!);
  loop();

  return {
    pick: () => (usable.length ? usable[next++ % usable.length] : null),
    failed(id, err) {
      const node = nodes.find((n) => n.id === id);
      if (node && health.get(id)!.state === 'usable') set(node, { state: 'down', lagSeconds: null, detail: describe(err) });
    },
    check,
    states: () => nodes.map((n) => ({ label: n.label, ...health.get(n.id)! })),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
};

const describe = (err: unknown): string => {
  const e = err as { code?: string; message?: string };
  return [e?.code, e?.message].filter(Boolean).join(': ') || String(err);
};

export type { ReplicaState };
