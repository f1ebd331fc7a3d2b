// Benchmark: block mined → visible in Strata when the node is reached over an http URL (heads polled, no newHeads).
// anvil mines a block every second (`--block-time 1`); Strata (serve and ingestion in this process, SQLite or MariaDB)
// follows it through its http URL with the chain's default poll interval (or --poll-ms). "Mined" is when anvil's own
// WebSocket newHeads notification arrives here; "visible" is when `chains { indexedBlock }` over Strata's GraphQL
// endpoint first reports the block (asked every 10 ms). First --warmup blocks (10) are not counted.
// Run: NODE_ENV=production npx tsx tests/bench/head-latency.bench.ts [-- [--mysql mysql://root@127.0.0.1:3306/strata_lbench]
//      [--blocks 60] [--poll-ms N]]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { startAnvil } from '../helpers/anvil';
import { numberOption, option } from './lib/args';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const main = async () => {
  const blocks = numberOption('blocks', 60);
  const warmup = numberOption('warmup', 10);
  const pollArg = numberOption('poll-ms', 0);
  const mysql = option('mysql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-head-latency-'));
  const anvil = await startAnvil({ blockTime: 1 });

  const mined = new Map<number, number>();
  const ws = new WebSocket(anvil.wsUrl);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { params?: { result?: { number?: string } } };
    const n = msg.params?.result?.number;
    if (n) mined.set(Number(n), performance.now());
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));

  const env: Record<string, string> = {
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Native transfers off, as before they existed: the figures stay comparable with earlier sessions'.
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2, nativeTransfers: false, approvals: false }]),
  };
  if (mysql) Object.assign(env, { DATABASE_URL: mysql, JWT_SECRET: 'x'.repeat(40) });
  const app = await createApp(loadConfig(env), createLogger({ logLevel: 'warn' }), { serve: true, index: true, ...(pollArg ? { pollMs: pollArg } : {}) });
  const { port } = await app.start();
  const { accessKey } = await app.services.projects.create('bench');
  const indexed = async (): Promise<number> => {
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': accessKey },
      body: JSON.stringify({ query: '{ chains { indexedBlock } }' }),
    });
    const body = (await res.json()) as { data?: { chains: Array<{ indexedBlock: number | null }> } };
    return body.data?.chains[0]?.indexedBlock ?? -1;
  };

  const visible = new Map<number, number>();
  const first = Number(await anvil.rpc<string>('eth_blockNumber')) + 1;
  const last = first + warmup + blocks - 1;
  for (let seen = -1; seen < last; ) {
    const n = await indexed();
    const now = performance.now();
    for (let b = seen + 1; b <= n; b++) visible.set(b, now);
    seen = Math.max(seen, n);
    await sleep(10);
  }
  const latencies = [];
  for (let b = first + warmup; b <= last; b++) {
    const m = mined.get(b);
    const v = visible.get(b);
    if (m !== undefined && v !== undefined) latencies.push(v - m);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      database: mysql ? 'mysql' : 'sqlite',
      pollMs: pollArg || 'default',
      blocks: latencies.length,
      p50Ms: Math.round(pct(latencies, 50)),
      p90Ms: Math.round(pct(latencies, 90)),
      maxMs: Math.round(latencies[latencies.length - 1]),
      minMs: Math.round(latencies[0]),
    }),
  );
  ws.close();
  await app.stop();
  await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
