// Benchmark: refresh throughput of token metadata tasks against a local metadata server. An ERC-1155 on anvil whose
// uri(id) points at the server (no minting needed: every id has a URI); one RefreshTokenMetadata task of N token ids
// per run, timed from queueing to DONE. Each token costs what it costs in production: an eth_call of uri(id), an HTTP
// fetch through the safe fetcher and the per-host limiter, and an upsert of the document.
// Run: npm run bench:metadata-refresh [-- --tokens 5000] [--rate 10000] [--concurrency 4] [--profile] [--mysql mysql://root@127.0.0.1:3306/strata_rbench]
// The MySQL database named in the URL is dropped and re-created. stdout: one JSON line per run (--profile adds where
// the process's CPU time went).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { devWallet, startAnvil } from '../helpers/anvil';
import { deployContract } from '../helpers/solidity';
import { flag, numberOption, option } from './lib/args';
import { startProfiler } from './lib/cpu-profile';
import { ensureMysqlDatabase } from './lib/erc20-100k';
import { loadAverage, nowMs, round } from './lib/stats';

/** The metadata host: answers every path at once and counts requests per second and at once. */
const startHost = async () => {
  let active = 0;
  let peak = 0;
  const perSecond = new Map<number, number>();
  const server = http.createServer((req, res) => {
    active++;
    peak = Math.max(peak, active);
    const s = Math.floor(Date.now() / 1000);
    perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    const body = JSON.stringify({ name: `Token ${req.url}`, image: `https://img.example${req.url}.png`, attributes: [{ trait_type: 'n', value: req.url }] });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body, () => active--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    reset: () => {
      peak = 0;
      perSecond.clear();
    },
    stats: () => ({ peakConcurrent: peak, peakPerSecond: Math.max(0, ...perSecond.values()), requests: [...perSecond.values()].reduce((a, b) => a + b, 0) }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const main = async () => {
  const tokens = numberOption('tokens', 5_000);
  const runs = numberOption('runs', 2);
  const rate = numberOption('rate', 10_000);
  const concurrency = numberOption('concurrency', 4);
  const mysqlUrl = option('mysql');
  if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-refresh-'));
  const [anvil, host] = await Promise.all([startAnvil(), startHost()]);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    PORT: '0',
    CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`,
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'warn',
    METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`,
    METADATA_HOST_RATE: String(rate),
    METADATA_HOST_CONCURRENCY: String(concurrency),
    METADATA_TASK_POLL_MS: '20',
    ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
  });
  const app = await createApp(config, createLogger(config), { serve: false, index: false });
  await app.start();
  try {
    const contract = await deployContract(devWallet(anvil), 'TestERC1155.sol', 'TestERC1155', [`http://127.0.0.1:${host.port}/t/{id}.json`]);
    const address = (await contract.getAddress()).toLowerCase();
    const project = await app.services.projects.create('bench');
    const creds = { accessKey: project.accessKey };
    for (let run = 1; run <= runs; run++) {
      const ids = Array.from({ length: tokens }, (_, i) => String(run * 1_000_000 + i));
      host.reset();
      const profiler = flag('profile') ? await startProfiler() : null;
      const started = nowMs();
      const task = await app.services.metadataTasks.refreshTokens(creds, { chainId: String(anvil.chainId), contractAddress: address, tokenIds: ids });
      let status = task.status;
      while (status !== 'DONE' && status !== 'FAILED') {
        await new Promise((r) => setTimeout(r, 50));
        status = (await app.services.metadataTasks.get(creds, task.id)).status;
      }
      const seconds = (nowMs() - started) / 1000;
      const profile = profiler ? await profiler.stop() : undefined;
      const done = await app.services.metadataTasks.get(creds, task.id);
      const available = done.result.filter((l) => l.endsWith(': AVAILABLE')).length;
      process.stdout.write(
        `${JSON.stringify({
          run,
          dialect: mysqlUrl ? 'mariadb' : 'sqlite',
          tokens,
          status,
          available: available + (done.result.length < tokens ? ' (first 1,000 lines listed)' : ''),
          seconds: round(seconds, 2),
          tokensPerSecond: round(tokens / seconds, 1),
          hostLimit: { ratePerSecond: rate, concurrency },
          host: host.stats(),
          load: loadAverage(),
          ...(profile ? { profile } : {}),
        })}\n`,
      );
    }
  } finally {
    await app.stop();
    await Promise.all([anvil.stop(), host.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
