// Benchmark: cold ingestion of the erc20-100k chain (100,064 ERC-20 transfers over 21,016 blocks).
// Run: npm run bench:ingest [-- --mysql mysql://root@127.0.0.1:3306/strata_bench]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { ChainCheckpointEntity, TransferEntity, BalanceEntity } from '../../src/db';
import { startAnvil } from '../helpers/anvil';

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

const main = async () => {
  const mysqlArg = process.argv.indexOf('--mysql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const statePath = path.join(dir, 'state.json');
  // Streamed, so the 115 MB state never sits in this process's memory (its RSS is what is measured).
  await pipeline(fs.createReadStream(STATE), zlib.createGunzip(), fs.createWriteStream(statePath));
  const anvil = await startAnvil({ loadState: statePath, noMining: true });
  const env: Record<string, string> = {
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1, maxLogRange: 5000 }]),
  };
  if (mysqlArg > 0) Object.assign(env, { DATABASE_URL: process.argv[mysqlArg + 1], JWT_SECRET: 'x'.repeat(40) });
  const rawLogsPerSecond = { sequential: await rawGetLogsRate(anvil.rpcUrl, 1), fourInFlight: await rawGetLogsRate(anvil.rpcUrl, 4) };
  const config = loadConfig(env);
  const app = await createApp(config, createLogger({ logLevel: process.env.BENCH_LOG_LEVEL === 'debug' ? 'debug' : 'warn' }), { serve: false, index: true, pollMs: 200 });

  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = Date.now();
  await app.start();
  for (;;) {
    const cp = await app.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
    if (cp && cp.indexedBlock >= LAST_BLOCK - 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const transfers = await app.db.getRepository(TransferEntity).count();
  const holders = await app.db.getRepository(BalanceEntity).count();
  console.log(
    JSON.stringify({
      database: config.database.kind,
      transfers,
      holders,
      seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(transfers / seconds),
      blocksPerSecond: Math.round(LAST_BLOCK / seconds),
      peakRssMB: Math.round(peakRss / 1_048_576),
      rawGetLogsPerSecond: rawLogsPerSecond,
    }),
  );
  await app.stop();
  await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
