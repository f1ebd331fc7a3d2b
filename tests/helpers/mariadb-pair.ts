// A local MariaDB primary and its replicas (scripts/mariadb-pair.sh) on free ports in a temp dir: real binlog + GTID
// replication for the read-replica tests and benchmark. The machine's own MariaDB is not involved.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort } from './anvil';

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'mariadb-pair.sh');
const run = promisify(execFile);

export type MariadbPair = {
  dir: string;
  primaryPort: number;
  replicaPorts: number[];
  /** mysql://root@127.0.0.1:<port>/<database> */
  url(port: number, database: string): string;
  /** One statement on one server, on a connection of its own (a server may have been killed since the last). */
  sql<T = any>(port: number, statement: string, params?: unknown[]): Promise<T>;
  /** Like `sql`, with sql_log_bin off: a row only this server has (root may write on a read_only replica). */
  local(port: number, statement: string, params?: unknown[]): Promise<void>;
  /** Resolves once replica `i` has applied everything the primary has written so far. */
  caughtUp(i: number): Promise<void>;
  /** Starts whichever of the servers is not running (a replica killed by `kill`), and waits until it replicates. */
  start(): Promise<void>;
  /** SIGKILL to replica `i`: no shutdown, its connections drop. Resolves once it is gone. */
  kill(i: number): Promise<void>;
  /** Stops every server and removes the directory. */
  stop(): Promise<void>;
};

export const startMariadbPair = async ({ replicas = 1 }: { replicas?: 1 | 2 } = {}): Promise<MariadbPair> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-mariadb-'));
  const primaryPort = await freePort();
  const replicaPorts: number[] = [];
  while (replicaPorts.length < replicas) {
    const p = await freePort();
    if (p !== primaryPort && !replicaPorts.includes(p)) replicaPorts.push(p);
  }
  const start = async () => {
    await run(SCRIPT, ['start', dir, String(primaryPort), ...replicaPorts.map(String)], { timeout: 120_000 });
  };
  const stop = async () => {
    await run(SCRIPT, ['stop', dir], { timeout: 60_000 }).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (err) {
    await stop();
    throw err;
  }
  const pair: MariadbPair = {
    dir,
    primaryPort,
    replicaPorts,
    url: (port, database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async sql(port, statement, params = []) {
      const c = await createConnection({ host: '127.0.0.1', port, user: 'root', supportBigNumbers: true, bigNumberStrings: true });
      try {
        const [rows] = await c.query(statement, params);
        return rows as any;
      } finally {
        await c.end();
      }
    },
    async local(port, statement, params = []) {
      const c = await createConnection({ host: '127.0.0.1', port, user: 'root' });
      try {
        await c.query('SET SESSION sql_log_bin = 0');
        await c.query(statement, params);
      } finally {
        await c.end();
      }
    },
    async caughtUp(i) {
      const [{ pos }] = await pair.sql(primaryPort, 'SELECT @@gtid_binlog_pos AS pos');
      const [{ done }] = await pair.sql(replicaPorts[i], 'SELECT MASTER_GTID_WAIT(?, 60) AS done', [pos]);
      if (Number(done) !== 0) throw new Error(`replica ${i} did not reach ${pos}`);
    },
    start,
    async kill(i) {
      const name = i === 0 ? 'replica' : 'replica2';
      const pid = Number(fs.readFileSync(path.join(dir, `${name}.pid`), 'utf8'));
      process.kill(pid, 'SIGKILL');
      // Gone once its port refuses connections (where PID 1 reaps nothing, the process itself lingers as a zombie).
      for (;;) {
        const refused = await createConnection({ host: '127.0.0.1', port: replicaPorts[i], user: 'root' })
          .then((c) => c.end().then(() => false))
          .catch(() => true);
        if (refused) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop,
  };
  return pair;
};
