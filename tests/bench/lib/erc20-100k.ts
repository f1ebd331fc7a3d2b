// The erc20-100k benchmark chain (../shared/bench/erc20-100k) on a fresh anvil, and Strata's environment for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createConnection } from 'mysql2/promise';
import { ChainCheckpointEntity, type Db } from '../../../src/db';
import { startAnvil, type Anvil } from '../../helpers/anvil';

export const SHARED_BENCH = path.join(__dirname, '..', '..', '..', '..', 'shared', 'bench', 'erc20-100k');
export const ERC20_100K = { lastBlock: 21_016, token: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } as const;

export type BenchChain = { anvil: Anvil; dir: string; stop(): Promise<void> };

/** Unpacks the state (about 115 MB) into a temp dir and starts anvil on it without mining. */
export const startErc20Chain = async (): Promise<BenchChain> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const statePath = path.join(dir, 'state.json');
  fs.writeFileSync(statePath, zlib.gunzipSync(fs.readFileSync(path.join(SHARED_BENCH, 'anvil-state.json.gz'))));
  const anvil = await startAnvil({ loadState: statePath, noMining: true });
  return {
    anvil,
    dir,
    async stop() {
      await anvil.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Strata's env for one chain: SQLite in `dataDir`, or the MySQL/MariaDB database of `mysqlUrl`. */
export const strataEnv = (
  anvil: Pick<Anvil, 'chainId'>,
  { url, dataDir, mysqlUrl }: { url: string; dataDir: string; mysqlUrl: string | null },
): Record<string, string> => {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Native transfers off: the benchmarks built on this env measure the token ingestion they measured before them
    // (BENCHMARKS.md, native transfers on vs off).
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url, confirmations: 1, maxLogRange: 5000, nativeTransfers: false, approvals: false }]),
  };
  if (mysqlUrl) Object.assign(env, { DATABASE_URL: mysqlUrl, JWT_SECRET: 'x'.repeat(40) });
  return env;
};

/** Creates the database of `url` if it is missing; with `drop`, drops it first (a fresh ingestion). */
export const ensureMysqlDatabase = async (url: string, { drop }: { drop: boolean }): Promise<void> => {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^\w+$/.test(name)) throw new Error(`--mysql: the URL must name a database (got "${name}")`);
  const admin = await createConnection({ uri: `${u.protocol}//${u.username}:${u.password}@${u.host}/` });
  try {
    if (drop) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.end();
  }
};

export const indexedBlock = async (db: Db, chainId: number): Promise<number> =>
  (await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId }))?.indexedBlock ?? -1;

/** Resolves once the checkpoint reaches `block`; rejects after `timeoutMs`. */
export const waitForIndexed = async (db: Db, chainId: number, block: number, timeoutMs = 600_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while ((await indexedBlock(db, chainId)) < block) {
    if (Date.now() > deadline) throw new Error(`ingestion did not reach block ${block} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
