// Benchmark: backup time and size on the erc20-100k chain (100,064 ERC-20 transfers over 21,016 blocks), indexed first.
// Run: NODE_ENV=production tsx tests/bench/backup-erc20-100k.ts [--mysql mysql://root@127.0.0.1:3306/strata_bench_backup]
// SQLite: `strata backup <file>` (the CLI, as an operator runs it). MySQL/MariaDB: `mariadb-backup --backup` of that
// database (with the system tables) and `--prepare`, on the same machine as the server; and mariadb-dump
// --single-transaction for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { ensureMysqlDatabase, ERC20_100K, startErc20Chain, strataEnv, waitForIndexed } from './lib/erc20-100k';

const BIN = path.join(__dirname, '..', '..', 'bin', 'strata.js');
const mysqlUrl = process.argv.includes('--mysql') ? process.argv[process.argv.indexOf('--mysql') + 1] : null;

const du = (p: string) => Number(execFileSync('du', ['-sb', p]).toString().split('\t')[0]);
const mb = (n: number) => (n / 1_048_576).toFixed(1);
const timed = (fn: () => void) => {
  const started = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - started) / 1e9;
};

const main = async () => {
  const chain = await startErc20Chain();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-backup-bench-'));
  try {
    if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
    const env = strataEnv(chain.anvil, { url: chain.anvil.rpcUrl, dataDir, mysqlUrl });
    const config = loadConfig(env);
    const app = await createApp(config, createLogger({ logLevel: 'warn', logFormat: 'json' }), { serve: false, index: true });
    await app.start();
    await waitForIndexed(app.db, chain.anvil.chainId, ERC20_100K.lastBlock);
    await app.stop();
    const out = path.join(dataDir, 'out');
    fs.mkdirSync(out);
    if (!mysqlUrl) {
      const source = config.database.kind === 'sqlite' ? config.database.path : '';
      const file = path.join(out, 'backup.sqlite');
      let printed = '';
      const seconds = timed(() => (printed = execFileSync(process.execPath, [BIN, 'backup', file], { env: { PATH: process.env.PATH, ...env } }).toString()));
      // `ms`: the copy and its check alone, as the command reports it; `seconds`: the whole command, start-up included.
      const { ms } = JSON.parse(printed) as { ms: number };
      console.log(JSON.stringify({ dialect: 'sqlite', databaseMb: mb(fs.statSync(source).size), backupMb: mb(fs.statSync(file).size), copyMs: ms, seconds: seconds.toFixed(2) }));
      return;
    }
    const u = new URL(mysqlUrl);
    const name = u.pathname.slice(1);
    const target = path.join(out, 'mariadb-backup');
    const backup = timed(() => execFileSync('mariadb-backup', ['--backup', `--host=${u.hostname}`, `--port=${u.port || 3306}`, `--user=${u.username}`, `--databases=mysql ${name}`, `--target-dir=${target}`], { stdio: 'ignore' }));
    const size = du(target);
    const dbSize = du(path.join(target, name));
    const prepare = timed(() => execFileSync('mariadb-backup', ['--prepare', `--target-dir=${target}`], { stdio: 'ignore' }));
    const dumpFile = path.join(out, 'dump.sql');
    const dump = timed(() => execFileSync('sh', ['-c', `mariadb-dump -h${u.hostname} -P${u.port || 3306} -u${u.username} --single-transaction ${name} > ${dumpFile}`]));
    console.log(
      JSON.stringify({
        dialect: 'mariadb',
        backupSeconds: backup.toFixed(2),
        prepareSeconds: prepare.toFixed(2),
        backupDirMb: mb(size),
        databaseFilesMb: mb(dbSize),
        dumpSeconds: dump.toFixed(2),
        dumpMb: mb(fs.statSync(dumpFile).size),
      }),
    );
  } finally {
    await chain.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
