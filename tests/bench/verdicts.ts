// Benchmark: the stored spam verdicts' cost on the chain-scale chain (the million-event chain, tests/bench/chain-scale):
// a cold `strata index`, then the verdict store's passes (domain/trust/verdict-store.ts, what the verdict worker runs
// every SPAM_VERDICTS_POLL_MS) in this process until nothing is left: the first, full computation (every contract
// with transfers: the scan of every transfer, each verdict's transfer-pattern reads), then an idle pass (nothing
// changed: what every poll costs a caught-up server), then one after a refresh of 1 % of the contracts' rows.
// Run: npm run bench:verdicts [-- [--mysql mysql://root@127.0.0.1:3306/strata_bench] [--scale 0.1]]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { startAnvil } from '../helpers/anvil';
import { ANVIL_ARGS, ensureChainScale } from './chain-scale/generate';
import { numberOption, option } from './lib/args';
import { ensureMysqlDatabase, strataEnv } from './lib/erc20-100k';
import { runBench } from './lib/run';
import { runStrataIndex } from './lib/strata-index';

const ms = (since: number) => Math.round(performance.now() - since);

runBench(async () => {
  const scale = numberOption('scale', 1);
  const mysqlUrl = option('mysql');
  const { statePath, manifest } = await ensureChainScale(scale);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const anvil = await startAnvil({ loadState: statePath, noMining: true, args: [...ANVIL_ARGS, '--prune-history'], stopGraceMs: 10_000, startTimeoutMs: 600_000 });
  try {
    if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
    const env = strataEnv(anvil, { url: anvil.rpcUrl, dataDir: dir, mysqlUrl });
    const index = await runStrataIndex(env, anvil.chainId, manifest.lastBlock);
    // The worker is not started: the passes below are the worker's ticks, run back to back and timed one by one.
    const app = await createApp(loadConfig({ ...env, TOKEN_LISTS: 'none', MEDIA_CACHE: 'off' }), createLogger({ logLevel: 'warn' }), { serve: false, index: false });
    try {
      const store = app.services.verdictStore;
      const passes: number[] = [];
      const started = performance.now();
      for (let more = true; more; ) {
        const t = performance.now();
        more = await store.refresh();
        passes.push(ms(t));
      }
      const full = ms(started);
      const idleStarted = performance.now();
      await store.refresh();
      const idle = ms(idleStarted);
      const counts = (await app.db.query('SELECT verdict, COUNT(*) AS n FROM contract_verdicts GROUP BY verdict')) as Array<{ verdict: string; n: unknown }>;
      const total = counts.reduce((a, c) => a + Number(c.n), 0);
      // 1 % of the contracts refreshed (their rows newer than their verdicts): what one metadata refresh round costs.
      const some = (await app.db.query('SELECT chain_id, address FROM contract_verdicts ORDER BY address')) as Array<{ chain_id: unknown; address: string }>;
      const refreshed = some.filter((_, i) => i % 100 === 0);
      for (const r of refreshed) await app.db.query('UPDATE contracts SET updated_at = ? WHERE chain_id = ? AND address = ?', [new Date(Date.now() + 1000).toISOString().replace('T', ' ').replace('Z', ''), Number(r.chain_id), r.address]);
      const againStarted = performance.now();
      for (let more = true; more; ) more = await store.refresh();
      const again = ms(againStarted);
      console.log(
        JSON.stringify(
          {
            database: app.config.database.kind,
            chain: { scale, lastBlock: manifest.lastBlock, contracts: Object.values(manifest.contracts).reduce((a, c) => a + c.length, 0) },
            index: { seconds: Number(index.seconds.toFixed(1)) },
            verdicts: Object.fromEntries(counts.map((c) => [c.verdict, Number(c.n)])),
            firstComputation: { ms: full, passes: passes.length, msPerContract: Number((full / Math.max(1, total)).toFixed(2)), slowestPassMs: Math.max(...passes) },
            idlePassMs: idle,
            afterRefreshingOnePercent: { contracts: refreshed.length, ms: again },
          },
          null,
          2,
        ),
      );
    } finally {
      await app.stop();
    }
  } finally {
    await anvil.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
