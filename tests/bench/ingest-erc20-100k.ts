// Benchmark: cold ingestion of the erc20-100k chain (100,064 ERC-20 transfers over 21,016 blocks).
// Run: npm run bench:ingest [-- [--mysql mysql://root@127.0.0.1:3306/strata_bench] [--cli] [--provider <profile>]
//      [--latency-ms N] [--native [--traces]]]
// --native: with native transfers on (CHAINS `nativeTransfers`, every block body read); without it they are off, so
// the figures measure what they measured before native transfers existed. --traces: internal transfers too (CHAINS
// `traces` auto: every block with transactions traced); without it `traces` is off, so --native measures what it did.
// --provider: through tests/helpers/provider-emulator.ts with that provider's published limits (infura, alchemy,
// quicknode, ankr, 1rpc, infura-range; passthrough: the proxy alone, for its own cost). --latency-ms: every answer of
// the emulator (passthrough unless --provider names another) leaves that long after its request, as a remote one's.
// BENCH_MEMORY=1 prints a memory timeline of the in-process run to stderr.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp, openDatabase } from '../../src/main/app';
import { ChainCheckpointEntity, TransferEntity, BalanceEntity, dialectOf, type Db } from '../../src/db';
import { startAnvil } from '../helpers/anvil';
import { publishedProfile, startProviderEmulator } from '../helpers/provider-emulator';
import { runStrataIndex } from './lib/strata-index';
import { numberOption } from './lib/args';

const STATE = path.join(__dirname, '..', '..', '..', 'shared', 'bench', 'erc20-100k', 'anvil-state.json.gz');
const LAST_BLOCK = 21_016;

/** The node's own ceiling in this run: raw eth_getLogs over the whole range, 1,000-block ranges. */
const rawGetLogsRate = async (url: string, inFlight: number) => {
  const ranges: Array<[number, number]> = [];
  for (let from = 0; from <= LAST_BLOCK; from += 1000) ranges.push([from, Math.min(LAST_BLOCK, from + 999)]);
  let logs = 0;
  const started = Date.now();
  const worker = async () => {
    for (let r = ranges.shift(); r; r = ranges.shift()) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: `0x${r[0].toString(16)}`, toBlock: `0x${r[1].toString(16)}` }] }),
      });
      logs += ((await res.json()) as { result: unknown[] }).result.length;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return Math.round(logs / ((Date.now() - started) / 1000));
};

/** Undo log entries written over the run (pruned ones included): the log's next id. */
const undoEntriesEverWritten = async (db: Db): Promise<number> => {
  const rows: Array<{ n: unknown }> =
    dialectOf(db) === 'sqlite'
      ? await db.query(`SELECT seq AS n FROM sqlite_sequence WHERE name = 'chain_undo_log'`)
      : await db.query(`SELECT AUTO_INCREMENT - 1 AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'chain_undo_log'`);
  return Number(rows[0]?.n ?? 0);
};

const mb = (n: number) => Math.round(n / 1_048_576);
/** BENCH_MEMORY=1: a memory timeline (MB) on stderr, to see where the peak comes from. */
const memoryNote = (label: string) => {
  if (process.env.BENCH_MEMORY !== '1') return;
  const m = process.memoryUsage();
  console.error(`mem ${label} rss=${mb(m.rss)} heapUsed=${mb(m.heapUsed)} heapTotal=${mb(m.heapTotal)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}`);
};

const main = async () => {
  const mysqlArg = process.argv.indexOf('--mysql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const statePath = path.join(dir, 'state.json');
  // In a child process: this process's RSS is what is measured, and unpacking the 115 MB state here, even
  // streamed, left it ~30 MB larger (188 vs 157 MB RSS once anvil was up), memory RSS never gave back.
  execFileSync(process.execPath, [
    '-e',
    `require('node:stream/promises').pipeline(require('node:fs').createReadStream(process.argv[1]), require('node:zlib').createGunzip(), require('node:fs').createWriteStream(process.argv[2]))`,
    STATE,
    statePath,
  ]);
  const anvil = await startAnvil({ loadState: statePath, noMining: true });
  memoryNote('anvil up');
  const providerArg = process.argv.indexOf('--provider');
  const latencyMs = numberOption('latency-ms', 0);
  const profile = providerArg > 0 || latencyMs ? { ...publishedProfile(providerArg > 0 ? process.argv[providerArg + 1] : 'passthrough'), latencyMs } : null;
  const provider = profile ? await startProviderEmulator(anvil.rpcUrl, profile) : null;
  const env: Record<string, string> = {
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    CHAINS: JSON.stringify([
      { chainId: anvil.chainId, url: provider?.url ?? anvil.rpcUrl, confirmations: 1, maxLogRange: 5000, nativeTransfers: process.argv.includes('--native'), traces: process.argv.includes('--traces') ? 'auto' : 'off', approvals: false },
    ]),
  };
  if (mysqlArg > 0) Object.assign(env, { DATABASE_URL: process.argv[mysqlArg + 1], JWT_SECRET: 'x'.repeat(40) });
  const config = loadConfig(env);
  if (process.argv.includes('--cli')) {
    // `strata index` in its own process, as in production; its peak RSS is the kernel's high-water mark.
    const { seconds, peakRss, startRss, startupSeconds } = await runStrataIndex(env, anvil.chainId, LAST_BLOCK - 1);
    const db = await openDatabase(config, createLogger({ logLevel: 'warn' }));
    const transfers = await db.getRepository(TransferEntity).count();
    await db.destroy();
    console.log(
      JSON.stringify({
        database: config.database.kind,
        process: 'strata index',
        transfers,
        seconds: Number(seconds.toFixed(2)),
        eventsPerSecond: Math.round(transfers / seconds),
        blocksPerSecond: Math.round(LAST_BLOCK / seconds),
        peakRssMB: mb(peakRss),
        startRssMB: mb(startRss),
        startupSeconds,
      }),
    );
    await provider?.close();
    await anvil.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const app = await createApp(config, createLogger({ logLevel: process.env.BENCH_LOG_LEVEL === 'debug' ? 'debug' : 'warn' }), { serve: false, index: true, pollMs: 200 });

  memoryNote('app created');
  const started = Date.now();
  let peakRss = 0;
  const startRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    memoryNote(`t=${Date.now() - started}ms`);
  }, 100);
  await app.start();
  for (;;) {
    const cp = await app.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
    if (cp && cp.indexedBlock >= LAST_BLOCK - 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const transfers = await app.db.getRepository(TransferEntity).count();
  const nativeTransfers = await app.db.getRepository(TransferEntity).countBy({ contractType: 'NATIVE' });
  const holders = await app.db.getRepository(BalanceEntity).count();
  const undoEntriesWritten = await undoEntriesEverWritten(app.db);
  await app.stop();
  // After the ingestion, not before: its responses (about 125 MB of JSON parsed here) left this process ~20 MB
  // larger before the ingestion started, and RSS does not shrink back; the peak is the ingestion's.
  const rawLogsPerSecond = { sequential: await rawGetLogsRate(anvil.rpcUrl, 1), fourInFlight: await rawGetLogsRate(anvil.rpcUrl, 4) };
  console.log(
    JSON.stringify({
      database: config.database.kind,
      transfers,
      nativeTransfers,
      holders,
      undoEntriesWritten,
      seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(transfers / seconds),
      blocksPerSecond: Math.round(LAST_BLOCK / seconds),
      peakRssMB: mb(peakRss),
      startRssMB: mb(startRss),
      rawGetLogsPerSecond: rawLogsPerSecond,
      ...(provider ? { provider: process.argv[providerArg + 1], providerCounts: Object.fromEntries(provider.counts) } : {}),
    }),
  );
  await provider?.close();
  await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
