// A replica's replication status, read on the replica itself.
//
// Why SHOW REPLICA STATUS rather than a heartbeat row the primary writes: it needs no table, no migration and no
// writes (an idle deployment stays idle), and it says at once when replication has stopped (Slave_IO_Running or
// Slave_SQL_Running not Yes: skipped now, not `maxLag` seconds later when a heartbeat would have aged). Its known
// blind spot, an I/O thread that silently stalls while Seconds_Behind_Master reads 0, is bounded by the replica's own
// slave_net_timeout / MASTER_HEARTBEAT_PERIOD, after which the I/O thread reconnects or reports No. The Strata user
// needs REPLICA MONITOR (MariaDB 10.5+) or REPLICATION CLIENT (MySQL) on each replica.

export type ReplicaState = 'usable' | 'lagging' | 'stopped' | 'down';
export const REPLICA_STATES: readonly ReplicaState[] = ['usable', 'lagging', 'stopped', 'down'];

export type ReplicaHealth = {
  state: ReplicaState;
  /** Seconds_Behind_Master (Seconds_Behind_Source on MySQL 8), null when the replica does not say. */
  lagSeconds: number | null;
  /** Why a replica is not usable, for the log. */
  detail: string | null;
};

type Row = Record<string, unknown>;
type Query = (sql: string) => Promise<Row[]>;

const column = (row: Row, ...names: string[]): unknown => names.map((n) => row[n]).find((v) => v !== undefined);

/** SHOW REPLICA STATUS (MariaDB 10.5+, MySQL 8.0.22+), or SHOW SLAVE STATUS on servers that predate it. */
const showStatus = async (query: Query): Promise<Row[]> => {
  try {
    return await query('SHOW REPLICA STATUS');
  } catch (err) {
    if ((err as { errno?: number }).errno !== 1064) throw err;
    return query('SHOW SLAVE STATUS');
  }
};

/** Reads the status and judges it against the lag bound. Connection failures reject (the caller calls that down). */
export const readReplicaHealth = async (query: Query, maxLagSeconds: number): Promise<ReplicaHealth> => {
  const rows = await showStatus(query);
  if (!rows.length) return { state: 'stopped', lagSeconds: null, detail: 'not a replica (no replication configured)' };
  let worst = 0;
  for (const row of rows) {
    const io = String(column(row, 'Slave_IO_Running', 'Replica_IO_Running') ?? '');
    const sql = String(column(row, 'Slave_SQL_Running', 'Replica_SQL_Running') ?? '');
    if (io !== 'Yes' || sql !== 'Yes') {
      const error = column(row, 'Last_IO_Error', 'Last_SQL_Error');
      return { state: 'stopped', lagSeconds: null, detail: `replication I/O ${io || '?'}, SQL ${sql || '?'}${error ? `: ${String(error)}` : ''}` };
    }
    const behind = column(row, 'Seconds_Behind_Master', 'Seconds_Behind_Source');
    // NULL while both threads run means the replica cannot tell how far behind it is: not fit to serve.
    if (behind === null || behind === undefined) return { state: 'stopped', lagSeconds: null, detail: 'replication lag unknown' };
    worst = Math.max(worst, Number(behind));
  }
  if (worst > maxLagSeconds) return { state: 'lagging', lagSeconds: worst, detail: `${worst} s behind the primary (bound ${maxLagSeconds} s)` };
  return { state: 'usable', lagSeconds: worst, detail: null };
};
