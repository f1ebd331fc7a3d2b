// Benchmark: GetTokenBalances of single accounts of the erc20-100k chain, over RPC and GraphQL, at 1 and 16 clients,
// next to a bare loop running the same SQL through the same driver (the ceiling) and a do-nothing node:http server
// answering the same reply (the floor any Node gateway pays for HTTP).
// Run: npm run bench:query [-- --mysql mysql://root@127.0.0.1:3306/strata_qbench] [--rounds 3] [--duration 5] [--warmup 2]
//      [--clients 1,16] [--profile] [--reuse]
// Scenarios run in interleaved rounds (every scenario once per round) and the summary takes the median round: one
// pass at a time is at the mercy of whatever else the 2 cores do (after a fresh ingestion, MariaDB's background
// flushing). A gateway's fraction of the bare loop is taken within each round, against that round's bare loop.
// The MySQL database named in the URL is dropped and re-created (a fresh ingestion) unless --reuse is given.
// stdout: one JSON line per scenario, then a summary line.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { readQuery, type Db } from '../../src/db';
import { readBalances } from '../../src/domain/indexer/balances';
import { resolvePageRequest } from '../../src/domain/paging';
import { BALANCES_PAGE } from '../../src/domain/indexer/service';
import { positive } from '../../src/domain/indexer/sql';
import { createApp, type App } from '../../src/main/app';
import { flag, numberOption, option } from './lib/args';
import { startProfiler, type ProfileSplit } from './lib/cpu-profile';
import { ERC20_100K, ensureMysqlDatabase, indexedBlock, startErc20Chain, strataEnv, waitForIndexed } from './lib/erc20-100k';
import type { HttpLoad, LoadResult, SqlLoad } from './lib/load-worker';
import { cpuSecondsOf, pidsNamed } from './lib/proc';
import { Samples, loadAverage, nowMs, prng, round, shuffle, summarize, type LatencySummary } from './lib/stats';
import { forkWorker } from './lib/worker';

const GRAPHQL_QUERY = `query Balances($a: String!) {
  tokenBalances(accountAddress: $a) {
    pageSize
    pageInfo { hasNextPage endCursor }
    edges { node { contractType contractAddress accountAddress tokenId balance blockHash blockNumber chainId uniqueCollectibles isSummary } }
  }
}`;

type Transport = 'bare-sql' | 'http-noop' | 'rpc' | 'graphql';
type ScenarioResult = LoadResult & {
  transport: Transport;
  clients: number;
  serverCpuPct: number | null;
  dbServerCpuPct: number | null;
  /** SQLite: the balance statement's own time inside the server, per call. */
  balanceStatementInServerMs: LatencySummary | null;
};

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

/** The exact statement and parameters `readBalances` sends for one account, as the service builds the query. */
const balanceStatement = async (chainId: number, account: string) => {
  let captured: { sql: string; params: unknown[] } | null = null;
  // Not a MySQL source, so readQuery hands the statement to `query`.
  const spy = { options: { type: 'spy' }, query: async (sql: string, params: unknown[]) => ((captured = { sql, params }), []) } as unknown as Db;
  await readBalances(spy, {
    chainId,
    accounts: [account],
    contracts: [],
    excluded: [],
    tokenId: null,
    selection: { status: 'ALL', always: [] },
    page: resolvePageRequest(undefined, BALANCES_PAGE),
  });
  return captured! as { sql: string; params: unknown[] };
};

/** The SQL statements the server runs for one request (TypeORM logs every query through `db.logger`). */
const statementsOf = async (db: Db, request: () => Promise<unknown>): Promise<string[]> => {
  const holder = db as unknown as { logger: Db['logger'] };
  const original = holder.logger;
  const seen: string[] = [];
  const counting = Object.create(original) as Db['logger'];
  counting.logQuery = (q, p, r) => (seen.push(q.replace(/\s+/g, ' ').trim()), original.logQuery(q, p, r));
  holder.logger = counting;
  try {
    await request();
  } finally {
    holder.logger = original;
  }
  return seen;
};

/**
 * SQLite only: times the balance statement inside the server (better-sqlite3 is synchronous, so the native call's
 * duration is the statement's cost there), to set against the same statement in the bare loop.
 */
const timeStatementInServer = (db: Db, sql: string) => {
  if (db.options.type !== 'better-sqlite3') return null;
  const raw = (db.driver as unknown as { databaseConnection: { prepare(s: string): object } }).databaseConnection;
  const proto = Object.getPrototypeOf(raw.prepare('SELECT 1')) as { all: (...p: unknown[]) => unknown };
  const all = proto.all;
  let samples: Samples | null = null;
  proto.all = function (this: { source: string }, ...params: unknown[]) {
    if (!samples || this.source !== sql) return all.apply(this, params);
    const t = nowMs();
    try {
      return all.apply(this, params);
    } finally {
      samples.push(nowMs() - t);
    }
  };
  return {
    start: () => void (samples = new Samples()),
    stop: () => {
      const s = samples;
      samples = null;
      return s && s.length ? summarize(s.values()) : null;
    },
  };
};

const main = async () => {
  const mysqlUrl = option('mysql');
  const warmupMs = numberOption('warmup', 2) * 1000;
  const durationMs = numberOption('duration', 5) * 1000;
  const rounds = numberOption('rounds', 3);
  const clientCounts = (option('clients') ?? '1,16').split(',').map(Number);
  const profile = flag('profile');
  if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: !flag('reuse') });

  const chain = await startErc20Chain();
  const config = loadConfig(strataEnv(chain.anvil, { url: chain.anvil.rpcUrl, dataDir: chain.dir, mysqlUrl }));
  const logger = createLogger({ logLevel: 'warn' });
  const chainId = chain.anvil.chainId;
  let app: App | null = null;
  let noop: http.Server | null = null;
  const worker = forkWorker(path.join(__dirname, 'lib', 'load-worker.ts'));
  try {
    // 1. Ingest the chain (ingestion alone), then serve it from a gateway without ingestion, like `strata serve --no-index`.
    const indexer = await createApp(config, logger, { serve: false, index: true, pollMs: 200 });
    const before = await indexedBlock(indexer.db, chainId);
    const ingestStart = Date.now();
    await indexer.start();
    await waitForIndexed(indexer.db, chainId, ERC20_100K.lastBlock);
    const ingestSeconds = (Date.now() - ingestStart) / 1000;
    await indexer.stop();
    app = await createApp(config, logger, { serve: true, index: false });
    const { port } = await app.start();
    const origin = `http://127.0.0.1:${port}`;
    // The token lists (TOKEN_LISTS, the default list) are read at start: let that import finish before anything is
    // measured, or its statements and CPU land in the first round (and in the statement count below).
    const lists = app.workers.tokenLists;
    for (const since = Date.now(); lists && !lists.lastSuccessAt(); ) {
      if (Date.now() - since > 600_000) throw new Error('the token lists were not read within 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const holders: string[] = (
      await readQuery<{ account: string }>(app.db, `SELECT account FROM token_balances WHERE chain_id = ? AND ${positive('balance')}`, [chainId])
    ).map((r: { account: string }) => String(r.account));
    print({
      scenario: 'ingest',
      database: config.database.kind,
      alreadyIngested: before >= ERC20_100K.lastBlock,
      seconds: round(ingestSeconds, 2),
      holdersWithBalance: holders.length,
    });

    // 2. Requests: accounts drawn at random (fixed seed) from the holders; one project access key.
    const accounts = shuffle(holders, prng(42)).slice(0, 2000);
    const { accessKey } = await app.services.projects.create('bench');
    const headers = { 'content-type': 'application/json', 'x-access-key': accessKey };
    const rpcBodies = accounts.map((a) => JSON.stringify({ accountAddress: a, includeMetadata: false }));
    const gqlBodies = accounts.map((a) => JSON.stringify({ query: GRAPHQL_QUERY, variables: { a } }));
    const statements = await Promise.all(accounts.map((a) => balanceStatement(chainId, a)));
    const sql = statements[0].sql;
    if (statements.some((s) => s.sql !== sql)) throw new Error('the balance statement differs between accounts');
    const post = (p: string, body: string) => fetch(`${origin}${p}`, { method: 'POST', headers, body }).then((r) => r.json());
    const rpcStatements = await statementsOf(app.db, () => post('/rpc/Indexer/GetTokenBalances', rpcBodies[0]));
    const gqlStatements = await statementsOf(app.db, () => post('/graphql', gqlBodies[0]));
    const oneLine = sql.replace(/\s+/g, ' ').trim();
    // The bare loop is only a ceiling if it runs what the server runs.
    if (!rpcStatements.includes(oneLine) || !gqlStatements.includes(oneLine)) throw new Error('the server did not run the captured balance statement');
    print({
      scenario: 'statements',
      balanceSql: oneLine,
      perRequest: { rpc: rpcStatements.length, graphql: gqlStatements.length },
      rpc: rpcStatements.map((s) => (s === oneLine ? '<balance statement>' : s)),
      graphql: gqlStatements.map((s) => (s === oneLine ? '<balance statement>' : s)),
    });

    // 3. Scenarios; the load runs in the forked worker, the server in this process.
    const dbPids = config.database.kind === 'mysql' ? pidsNamed('mariadbd', 'mysqld') : [];
    const statementTimer = timeStatementInServer(app.db, sql);
    let onWindow: (what: 'start' | 'end') => void = () => undefined;
    worker.on('window', (what) => onWindow(what));
    const run = async (transport: Transport, clients: number, withProfile = false): Promise<{ result: ScenarioResult; split: ProfileSplit | null }> => {
      let cpu0: NodeJS.CpuUsage | null = null;
      let db0 = 0;
      let t0 = 0;
      let serverCpuPct: number | null = null;
      let dbServerCpuPct: number | null = null;
      let balanceStatementInServerMs: LatencySummary | null = null;
      let profiler: Promise<Awaited<ReturnType<typeof startProfiler>>> | null = null;
      let split: Promise<ProfileSplit> | null = null;
      onWindow = (what) => {
        if (what === 'start') {
          cpu0 = process.cpuUsage();
          db0 = cpuSecondsOf(dbPids);
          t0 = nowMs();
          statementTimer?.start();
          if (withProfile) profiler = startProfiler();
        } else {
          const c = process.cpuUsage(cpu0 ?? undefined);
          const elapsedMs = nowMs() - t0;
          balanceStatementInServerMs = statementTimer?.stop() ?? null;
          serverCpuPct = round(((c.user + c.system) / 1000 / elapsedMs) * 100, 1);
          if (dbPids.length) dbServerCpuPct = round(((cpuSecondsOf(dbPids) - db0) * 1000 * 100) / elapsedMs, 1);
          if (profiler) split = profiler.then((p) => p.stop());
        }
      };
      const window = { clients, warmupMs, durationMs };
      let r: LoadResult;
      if (transport === 'bare-sql') {
        const load: SqlLoad = {
          ...window,
          dialect: config.database.kind,
          target: config.database.kind === 'mysql' ? mysqlUrl! : config.database.path,
          sql,
          params: statements.map((s) => s.params),
        };
        r = await worker.call<LoadResult>('sql', load);
      } else {
        const load: HttpLoad = {
          ...window,
          origin: transport === 'http-noop' ? noopOrigin : origin,
          path: transport === 'graphql' ? '/graphql' : '/rpc/Indexer/GetTokenBalances',
          headers,
          bodies: transport === 'graphql' ? gqlBodies : rpcBodies,
        };
        r = await worker.call<LoadResult>('http', load);
      }
      if (transport === 'bare-sql') serverCpuPct = null; // the server is idle; the worker's CPU is the loop
      const result: ScenarioResult = { transport, clients, ...r, serverCpuPct, dbServerCpuPct, balanceStatementInServerMs };
      return { result, split: split ? await split : null };
    };

    // The HTTP floor: a bare node:http server in this process that parses the RPC body and answers a canned reply.
    const canned = JSON.stringify(await post('/rpc/Indexer/GetTokenBalances', rpcBodies[0]));
    noop = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(canned);
      });
    });
    await new Promise<void>((resolve) => noop!.listen(0, '127.0.0.1', resolve));
    const noopOrigin = `http://127.0.0.1:${(noop.address() as AddressInfo).port}`;

    const results: Array<ScenarioResult & { round: number }> = [];
    for (let roundNo = 1; roundNo <= rounds; roundNo++) {
      for (const clients of clientCounts) {
        for (const transport of ['bare-sql', 'http-noop', 'rpc', 'graphql'] as const) {
          const { result } = await run(transport, clients);
          results.push({ ...result, round: roundNo });
          const { sample, ...shown } = result;
          print({ scenario: 'query', round: roundNo, database: config.database.kind, ...shown, sample: roundNo === 1 ? (sample?.slice(0, 400) ?? null) : undefined });
        }
      }
    }
    if (profile) {
      for (const transport of ['rpc', 'graphql'] as const) {
        const clients = Math.max(...clientCounts);
        const { result, split } = await run(transport, clients, true);
        print({ scenario: 'profile', database: config.database.kind, transport, clients, rpsWhileProfiling: result.rps, serverCpuPct: result.serverCpuPct, ...split });
      }
    }

    // 4. Summary against the targets (median of the rounds): p50 < 2 ms at 1 client; gateway throughput ≥ half of
    //    the bare-SQL loop.
    const runsOf = (t: Transport, c: number) => results.filter((r) => r.transport === t && r.clients === c);
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    const medianOf = (t: Transport, c: number, pick: (r: ScenarioResult) => number | null) =>
      round(median(runsOf(t, c).map((r) => pick(r) ?? 0)), 3);
    const bareAlone = runsOf('bare-sql', Math.min(...clientCounts));
    const gateway = (['rpc', 'graphql'] as const).map((transport) => ({
      transport,
      byClients: clientCounts.map((clients) => {
        const runs = runsOf(transport, clients);
        const bare = runsOf('bare-sql', clients);
        const fractions = runs.map((r) => round(r.rps / bare.find((b) => b.round === r.round)!.rps, 3));
        const inServer = runs.flatMap((r) => (r.balanceStatementInServerMs ? [r.balanceStatementInServerMs.p50] : []));
        return {
          clients,
          p50: medianOf(transport, clients, (r) => r.latencyMs.p50),
          p99: medianOf(transport, clients, (r) => r.latencyMs.p99),
          rps: medianOf(transport, clients, (r) => r.rps),
          bareRps: medianOf('bare-sql', clients, (r) => r.rps),
          fractionOfBare: round(median(fractions), 3),
          fractionsByRound: fractions,
          httpNoopRps: medianOf('http-noop', clients, (r) => r.rps),
          // One statement's own time: the bare loop's latency at one client (with more, it includes waiting for a turn).
          ...(inServer.length ? { balanceStatementP50: { inServer: round(median(inServer), 3), bareLoop: round(median(bareAlone.map((b) => b.latencyMs.p50)), 3) } } : {}),
          serverCpuPct: medianOf(transport, clients, (r) => r.serverCpuPct),
        };
      }),
    }));
    const at1 = gateway.flatMap((g) => g.byClients.filter((c) => c.clients === 1).map((c) => ({ transport: g.transport, p50: c.p50 })));
    print({
      summary: 'query-balances',
      database: config.database.kind,
      rounds,
      durationSeconds: durationMs / 1000,
      loadAverage: loadAverage(),
      gateway,
      targets: {
        p50Under2msAt1Client: { pass: at1.every((x) => x.p50 < 2), figures: at1 },
        throughputAtLeastHalfOfBare: {
          pass: gateway.every((g) => g.byClients.every((c) => c.fractionOfBare >= 0.5)),
          figures: gateway.flatMap((g) => g.byClients.map((c) => ({ transport: g.transport, clients: c.clients, fraction: c.fractionOfBare }))),
        },
      },
    });
  } finally {
    await worker.stop();
    noop?.close();
    await app?.stop();
    await chain.stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
