// `strata index` as its own process (compiled dist/ when current, as in production), watched through its operations
// port: the indexed block over time, and the kernel's RSS figures, which no sampling interval can miss (VmHWM).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort } from '../../helpers/anvil';
import { memoryOf, type MemoryField } from './proc';

export type IndexSample = { ms: number; block: number; rss: number };
export type IndexRun = { seconds: number; peakRss: number; startRss: number; startupSeconds: number; samples: IndexSample[] };

/**
 * Runs `strata index` until chain `chainId` is indexed through `target` and its deferred query indexes are built (a
 * first backfill is not ready for queries before); timed from its operations port's first answer.
 */
export const runStrataIndex = async (env: Record<string, string>, chainId: number, target: number, { sampleMs = 100 } = {}): Promise<IndexRun> => {
  const port = await freePort();
  const root = path.join(__dirname, '..', '..', '..');
  const spawned = Date.now();
  let started = 0;
  // BENCH_NODE_ARGS: node flags for the indexing process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (which
  // NODE_OPTIONS refuses) or a heap limit.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_INDEX_LOG: a file for the indexing process's log lines (JSON), else dropped; BENCH_LOG_LEVEL: their level.
  const logFile = process.env.BENCH_INDEX_LOG ? fs.openSync(process.env.BENCH_INDEX_LOG, 'w') : 'ignore';
  const logLevel = process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {};
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'bin', 'strata.js'), 'index'], {
    env: { ...process.env, ...env, ...logLevel, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', logFile, 'inherit'],
  });
  const status = (field: MemoryField) => memoryOf(child.pid!, field);
  const pattern = new RegExp(`strata_chain_indexed_block\\{[^}]*chain="${chainId}"[^}]*\\} (-?\\d+)`);
  let startRss = 0;
  const samples: IndexSample[] = [];
  for (;;) {
    if (child.exitCode !== null) throw new Error(`strata index exited with ${child.exitCode}`);
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text(), () => '');
    const m = pattern.exec(text);
    // The operations port opens with the ingestion; start-up before it is reported apart.
    if (text && !startRss) [startRss, started] = [status('VmRSS'), Date.now()];
    if (m) samples.push({ ms: Date.now() - started, block: Number(m[1]), rss: status('VmRSS') });
    // The build starts within 10 blocks of the head: a last round that read those blocks at once leaves it for after.
    const missing = /^strata_query_indexes_missing (\d+)$/m.exec(text);
    if (m && Number(m[1]) >= target && (!missing || missing[1] === '0')) break;
    await new Promise((r) => setTimeout(r, sampleMs));
  }
  const seconds = (Date.now() - started) / 1000;
  const peakRss = status('VmHWM');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { seconds, peakRss, startRss, startupSeconds: (started - spawned) / 1000, samples };
};
