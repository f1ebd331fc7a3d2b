// Benchmark: cold `strata index` of the chain-scale chain (tests/bench/chain-scale, built and cached on first use).
// Run: npm run bench:scale [-- [--mysql mysql://root@127.0.0.1:3306/strata_bench] [--scale 0.1] [--sample 1000]]
// Reports the node's raw eth_getLogs ceiling in this run, events/s (and transfer rows/s) for each tenth of the chain's
// events, RSS, bytes on disk per event by table, and ends comparing a random sample of balances with the chain (exit 1
// on any mismatch).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { openDatabase } from '../../src/main/app';
import { TransferEntity } from '../../src/db';
import { startAnvil } from '../helpers/anvil';
import { ANVIL_ARGS, ensureChainScale } from './chain-scale/generate';
import { numberOption, option } from './lib/args';
import { checkBalanceSample } from './lib/balance-sample';
import { ensureMysqlDatabase, strataEnv } from './lib/erc20-100k';
import { tableBytes } from './lib/storage';
import { runStrataIndex, type IndexSample } from './lib/strata-index';

const mb = (n: number) => Math.round(n / 1_048_576);

/** Logs per block over [0, last], with `inFlight` requests of `width` blocks: the node's ceiling for this chain. */
const scanLogs = async (url: string, last: number, inFlight: number, width = 20) => {
  const perBlock = new Uint32Array(last + 1);
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next <= last) {
      const from = next;
      const to = Math.min(last, from + width - 1);
      next = to + 1;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }] }),
      });
      for (const l of ((await res.json()) as { result: Array<{ blockNumber: string }> }).result) perBlock[Number(l.blockNumber)]++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const logs = perBlock.reduce((a, b) => a + b, 0);
  return { perBlock, logs, logsPerSecond: Math.round(logs / ((Date.now() - started) / 1000)) };
};

/**
 * Events/s and peak sampled RSS for each tenth of the chain's logs, from the indexed block over time; with the transfer
 * rows each tenth held (an ERC-1155 batch log is up to 200), so that a tenth heavier than another shows as such.
 */
const tenths = (perBlock: Uint32Array, rowsPerBlock: Map<number, number>, samples: IndexSample[]) => {
  const cumulative: number[] = [];
  let sum = 0;
  for (const n of perBlock) cumulative.push((sum += n));
  const rowsThrough: number[] = [];
  let rowSum = 0;
  for (let b = 0; b < perBlock.length; b++) rowsThrough.push((rowSum += rowsPerBlock.get(b) ?? 0));
  const out: Array<{ tenth: number; events: number; rows: number; seconds: number; eventsPerSecond: number; rowsPerSecond: number; rssMB: number }> = [];
  let prevRows = 0;
  let prevEvents = 0;
  let prevMs = 0;
  let s = 0;
  for (let k = 1; k <= 10; k++) {
    const goal = Math.ceil((sum * k) / 10);
    let block = cumulative.findIndex((c) => c >= goal);
    if (block < 0) block = cumulative.length - 1;
    let rss = 0;
    while (s < samples.length && samples[s].block < block) rss = Math.max(rss, samples[s++].rss);
    const at = samples[Math.min(s, samples.length - 1)];
    rss = Math.max(rss, at.rss);
    const events = cumulative[Math.min(at.block, cumulative.length - 1)] - prevEvents;
    const rows = rowsThrough[Math.min(at.block, rowsThrough.length - 1)] - prevRows;
    const seconds = Math.max((at.ms - prevMs) / 1000, 0.001);
    out.push({ tenth: k, events, rows, seconds: Number(seconds.toFixed(2)), eventsPerSecond: Math.round(events / seconds), rowsPerSecond: Math.round(rows / seconds), rssMB: mb(rss) });
    prevEvents += events;
    prevRows += rows;
    prevMs = at.ms;
  }
  return out;
};

const main = async () => {
  const scale = numberOption('scale', 1);
  const mysqlUrl = option('mysql');
  const { statePath, manifest } = await ensureChainScale(scale);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const loading = Date.now();
  const anvil = await startAnvil({ loadState: statePath, noMining: true, args: [...ANVIL_ARGS, '--prune-history'], stopGraceMs: 10_000, startTimeoutMs: 600_000 });
  const anvilLoadSeconds = Math.round((Date.now() - loading) / 1000);
  try {
    const raw = { sequential: (await scanLogs(anvil.rpcUrl, manifest.lastBlock, 1)).logsPerSecond, ...(await scanLogs(anvil.rpcUrl, manifest.lastBlock, 4)) };
    if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
    const env = strataEnv(anvil, { url: anvil.rpcUrl, dataDir: dir, mysqlUrl });
    const run = await runStrataIndex(env, anvil.chainId, manifest.lastBlock);

    const config = loadConfig(env);
    const db = await openDatabase(config, createLogger({ logLevel: 'warn' }));
    const transfers = await db.getRepository(TransferEntity).count();
    const rowsPerBlock = new Map<number, number>(
      ((await db.query('SELECT block_number AS b, COUNT(*) AS n FROM token_transfers GROUP BY block_number')) as Array<{ b: unknown; n: unknown }>).map((r) => [Number(r.b), Number(r.n)]),
    );
    const tables = await tableBytes(db);
    const sample = await checkBalanceSample(db, anvil.rpcUrl, anvil.chainId, manifest.lastBlock, manifest.contracts, numberOption('sample', 1_000));
    await db.destroy();

    const total = tables.reduce((a, t) => a + t.data + t.index, 0);
    console.log(
      JSON.stringify(
        {
          database: config.database.kind,
          chain: { scale, lastBlock: manifest.lastBlock, logs: raw.logs, contracts: Object.values(manifest.contracts).reduce((a, c) => a + c.length, 0), anvilLoadSeconds },
          transfers,
          seconds: Number(run.seconds.toFixed(2)),
          eventsPerSecond: Math.round(raw.logs / run.seconds),
          transferRowsPerSecond: Math.round(transfers / run.seconds),
          peakRssMB: mb(run.peakRss),
          startRssMB: mb(run.startRss),
          rawGetLogsPerSecond: { sequential: raw.sequential, fourInFlight: raw.logsPerSecond },
          tenths: tenths(raw.perBlock, rowsPerBlock, run.samples),
          bytesPerEvent: {
            total: Math.round(total / raw.logs),
            byTable: Object.fromEntries(tables.slice(0, 8).map((t) => [t.table, { data: Math.round(t.data / raw.logs), index: Math.round(t.index / raw.logs) }])),
            byIndex: Object.fromEntries(tables.slice(0, 4).flatMap((t) => Object.entries(t.indexes ?? {}).map(([n, b]) => [n, Math.round(b / raw.logs)]))),
          },
          diskMB: mb(total),
          balanceSample: { checked: sample.checked, mismatches: sample.mismatches.length, first: sample.mismatches.slice(0, 5) },
        },
        null,
        2,
      ),
    );
    if (sample.mismatches.length) process.exitCode = 1;
  } finally {
    await anvil.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
