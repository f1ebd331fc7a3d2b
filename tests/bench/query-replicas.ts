// Benchmark: GraphQL queries per second served by one Strata process reading the primary alone, then one and two read
// replicas (DATABASE_READ_URLS), on real MariaDB replication (scripts/mariadb-pair.sh: a primary and two GTID replicas
// as local mariadbd processes, on free ports in a temp dir).
// Run: npm run bench:replicas [-- --rounds 3] [--duration 5] [--warmup 2] [--clients 16] [--accounts 20000] [--contracts 10]
// Two workloads: `page`, one account's balances (a point read: the gateway's CPU bounds it), and `count`, an ERC-20's
// holders with totalCount (a COUNT over the contract's holders: the database's CPU bounds it). Every account holds
// every contract, so each contract has `accounts` holders. Each round starts a fresh server per setup (0, 1, 2
// replicas, in a shuffled order) and the summary takes each setup's median round. The CPU each mariadbd spent in the
// measured windows shows where the reads went.
// stdout: one JSON line per measurement, then a summary line.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp, type App } from '../../src/main/app';
import { startMariadbPair, type MariadbPair } from '../helpers/mariadb-pair';
import { numberOption } from './lib/args';
import type { HttpLoad, LoadResult } from './lib/load-worker';
import { cpuSecondsOf } from './lib/proc';
import { loadAverage, prng, round, shuffle } from './lib/stats';
import { forkWorker } from './lib/worker';

const CHAIN = 31337;
const DB = 'strata_rbench';
const HASH = `0x${'cd'.repeat(32)}`;
const rounds = numberOption('rounds', 3);
const durationMs = numberOption('duration', 5) * 1000;
const warmupMs = numberOption('warmup', 2) * 1000;
const clients = numberOption('clients', 16);
const accounts = numberOption('accounts', 20_000);
const contracts = numberOption('contracts', 10);

const accountAt = (i: number) => `0x${(0xa0000000 + i).toString(16).padStart(40, '0')}`;
const contractAt = (i: number) => `0x${(0xc000 + i).toString(16).padStart(40, '0')}`;
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

const WORKLOADS = {
  page: {
    query: `query($a: String!) { tokenBalances(accountAddress: $a) { edges { node { contractAddress tokenId balance } } } }`,
    variables: (i: number) => ({ a: accountAt(i % accounts) }),
  },
  count: {
    query: `query($c: String!) { tokenHolders(contract: $c, first: 10) { totalCount nodes { accountAddress balance } } }`,
    variables: (i: number) => ({ c: contractAt(i % contracts) }),
  },
};
type Workload = keyof typeof WORKLOADS;

const seed = async (pair: MariadbPair) => {
  const rows: string[] = [];
  for (let c = 0; c < contracts; c++) {
    for (let a = 0; a < accounts; a++) rows.push(`(${CHAIN}, UNHEX('${contractAt(c).slice(2)}'), UNHEX('${accountAt(a).slice(2)}'), '', '${1 + ((a * 7919 + c) % 1_000_000)}', 1, UNHEX('${HASH.slice(2)}'))`);
  }
  for (let i = 0; i < rows.length; i += 5_000) {
    await pair.sql(pair.primaryPort, `INSERT INTO ${DB}.token_balances (chain_id, contract, account, token_id, balance, block_number, block_hash) VALUES ${rows.slice(i, i + 5_000).join(',')}`);
  }
  for (let i = 0; i < pair.replicaPorts.length; i++) await pair.caughtUp(i);
};

const serverOf = async (pair: MariadbPair, replicas: number, secret: string): Promise<{ app: App; port: number }> => {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(pair.dir, 'data-')),
    DATABASE_URL: pair.url(pair.primaryPort, DB),
    DATABASE_READ_URLS: pair.replicaPorts.slice(0, replicas).map((p) => pair.url(p, DB)).join(','),
    JWT_SECRET: secret,
    CHAINS: `${CHAIN}:bench=http://127.0.0.1:9`,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // The load comes from one address: the failed-credential throttle must not count it.
    AUTH_FAILURE_LIMIT: '1000000',
  });
  const app = await createApp(config, createLogger({ logLevel: 'warn' }), { serve: true, index: false });
  const { port } = await app.start();
  return { app, port };
};

const main = async () => {
  const pair = await startMariadbPair({ replicas: 2 });
  const worker = forkWorker(path.join(__dirname, 'lib', 'load-worker.ts'));
  const secret = crypto.randomBytes(32).toString('hex');
  try {
    await pair.sql(pair.primaryPort, `CREATE DATABASE ${DB} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    const first = await serverOf(pair, 0, secret); // applies the migrations
    const { accessKey } = await first.app.services.projects.create('bench');
    await first.app.stop();
    await seed(pair);
    const pids = ['primary', 'replica', 'replica2'].map((n) => Number(fs.readFileSync(path.join(pair.dir, `${n}.pid`), 'utf8')));
    const random = prng(7);
    // CPU of each mariadbd and of this process (the Strata server) over the worker's measured window.
    let cpuAt: number[] = [];
    let cpuPct: number[] = [];
    const cpuNow = () => [...pids.map((p) => cpuSecondsOf([p])), (({ user, system }) => (user + system) / 1e6)(process.cpuUsage())];
    worker.on('window', (mark: string) => {
      if (mark === 'start') cpuAt = cpuNow();
      else cpuPct = cpuNow().map((v, i) => round(((v - cpuAt[i]) / (durationMs / 1000)) * 100, 1));
    });
    const results = new Map<string, Array<LoadResult & { dbCpu: number[] }>>();
    for (let r = 0; r < rounds; r++) {
      for (const replicas of shuffle([0, 1, 2], random)) {
        const { app, port } = await serverOf(pair, replicas, secret);
        try {
          for (const workload of Object.keys(WORKLOADS) as Workload[]) {
            const w = WORKLOADS[workload];
            const bodies = Array.from({ length: 4_096 }, (_, i) => JSON.stringify({ query: w.query, variables: w.variables(Math.floor(random() * 1e9)) }));
            const load: HttpLoad = { origin: `http://127.0.0.1:${port}`, path: '/graphql', headers: { 'content-type': 'application/json', 'x-access-key': accessKey }, bodies, clients, warmupMs, durationMs };
            const result = await worker.call<LoadResult>('http', load);
            const dbCpu = cpuPct.slice(0, 3);
            const line = {
              round: r,
              replicas,
              workload,
              rps: result.rps,
              errors: result.errors,
              firstError: result.firstError,
              p50: result.latencyMs.p50,
              p99: result.latencyMs.p99,
              cpuPct: { strata: cpuPct[3], primary: dbCpu[0], replica: dbCpu[1], replica2: dbCpu[2] },
              // Whatever else the machine runs shows here: figures taken under other load are not comparable.
              loadAverage: loadAverage()[0],
            };
            print(line);
            const key = `${workload}/${replicas}`;
            results.set(key, [...(results.get(key) ?? []), { ...result, dbCpu }]);
          }
        } finally {
          await app.stop();
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary: Record<string, unknown> = {};
    for (const [key, rs] of results) {
      const m = rs.slice().sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)];
      summary[key] = { rps: median(rs.map((x) => x.rps)), p50: m.latencyMs.p50, p99: m.latencyMs.p99, dbCpuPct: m.dbCpu, errors: rs.reduce((s, x) => s + x.errors, 0) };
    }
    print({ summary, clients, accounts, contracts, durationMs, rounds });
  } finally {
    await worker.stop();
    await pair.stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
