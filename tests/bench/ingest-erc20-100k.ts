// Benchmark: cold ingestion of the erc20-100k chain (100,064 ERC-20 transfers over 21,016 blocks).
// Run: npm run bench:ingest [-- --mysql mysql://root@127.0.0.1:3306/strata_bench]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { ChainCheckpointEntity, TransferEntity, BalanceEntity } from '../../src/db';
import { startAnvil } from '../helpers/anvil';

const STATE = path.join(__dirname, '..', '..', '..', 'shared', 'bench', 'erc20-100k', 'anvil-state.json.gz');
const LAST_BLOCK = 21_016;

const main = async () => {
  const mysqlArg = process.argv.indexOf('--mysql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const statePath = path.join(dir, 'state.json');
  fs.writeFileSync(statePath, zlib.gunzipSync(fs.readFileSync(STATE)));
  const anvil = await startAnvil({ loadState: statePath, noMining: true });
  const env: Record<string, string> = {
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1, maxLogRange: 5000 }]),
  };
  if (mysqlArg > 0) Object.assign(env, { DATABASE_URL: process.argv[mysqlArg + 1], JWT_SECRET: 'x'.repeat(40) });
  const config = loadConfig(env);
  const app = await createApp(config, createLogger({ logLevel: 'warn' }), { serve: false, index: true, pollMs: 200 });

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
