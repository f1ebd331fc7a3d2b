// Backups that restore: a backup taken while `strata index` writes (SQLite: `strata backup`; MariaDB: mariadb-backup
// of the database, prepared and copied back into a fresh server), restored elsewhere, answers `strata serve`'s queries
// with the chain as of its checkpoint; indexing the restored copy resumes from that checkpoint and ends with every
// transfer once and every balance equal to balanceOf, as the original database does.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { devWallet, freePort, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { headBlock, mineBlocks } from '../../helpers/chain-kit';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { diffBalances, expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { seededRandom, withSeed } from '../../helpers/random';
import { createWorkload, type Workload } from '../../helpers/workload';
import { loadConfig } from '../../../src/config';
import { ChainCheckpointEntity, createDataSource, type Db } from '../../../src/db';
import { PATIENCE_MS } from '../../helpers/patience';

const run = promisify(execFile);
const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const CONFIRMATIONS = 3;
const random = seededRandom();

let anvil: Anvil;
let proxy: FaultyProxy;
let tokens: Tokens;
let workload: Workload;
let database: TestDatabase;
let env: Record<string, string>;
let accessKey: string;
const procs: StrataProcess[] = [];
const dbs: Db[] = [];
const cleanups: Array<() => Promise<void>> = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-backup-'));

const chainsFor = (url: string) => JSON.stringify([{ chainId: anvil.chainId, url, confirmations: CONFIRMATIONS, maxLogRange: 4 }]);

const openDb = async (e: Record<string, string>) => {
  const db = createDataSource(loadConfig(e));
  await db.initialize();
  dbs.push(db);
  return db;
};

const checkpointOf = async (db: Db) => (await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId }))!;

/** The holders of each test token as `strata serve` on `port` answers them (every page). */
const holdersVia = async (port: number) => {
  const out: Record<string, string[]> = {};
  for (const [name, token] of Object.entries(tokens)) {
    const contract = (await token.getAddress()).toLowerCase();
    const rows: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey },
        body: JSON.stringify({
          query: 'query($c: String!, $after: String) { tokenHolders(contractAddress: $c, first: 200, after: $after) { edges { node { accountAddress tokenId balance } } pageInfo { hasNextPage endCursor } } }',
          variables: { c: contract, after },
        }),
      });
      const body = (await res.json()) as any;
      expect(body.errors).toBeUndefined();
      const page = body.data.tokenHolders;
      rows.push(...page.edges.map((e: any) => `${e.node.accountAddress}|${e.node.tokenId ?? ''}|${e.node.balance}`));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    out[name] = rows.sort();
  }
  return out;
};

const serveOn = async (e: Record<string, string>) => {
  const p = await startStrata(['serve', '--no-index'], e, /"port":(\d+)/, 120_000);
  procs.push(p);
  return { proc: p, port: Number(p.match[1]) };
};

/** SQLite: `strata backup` to a file, restored as the database file of a new DATA_DIR (with its JWT secret). */
const backupSqlite = async () => {
  const file = path.join(scratch, 'backup.sqlite');
  const { stdout } = await run(process.execPath, [BIN, 'backup', file], { env: { PATH: process.env.PATH, ...env } });
  const result = JSON.parse(stdout);
  expect(result).toMatchObject({ file, bytes: fs.statSync(file).size });
  // Refuses to overwrite a backup.
  await expect(run(process.execPath, [BIN, 'backup', file], { env: { PATH: process.env.PATH, ...env } })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('exists already'),
  });
  const dataDir = path.join(scratch, 'restored');
  fs.mkdirSync(dataDir);
  fs.copyFileSync(file, path.join(dataDir, 'strata.sqlite'));
  fs.copyFileSync(path.join(database.dataDir, 'jwt-secret'), path.join(dataDir, 'jwt-secret'));
  return { DATA_DIR: dataDir };
};

/**
 * MariaDB: mariadb-backup of the test's database (and the system tables, for its users) from the running server,
 * prepared and copied back into an empty data directory, which a mariadbd of the test's own then serves.
 */
const backupMariadb = async () => {
  const url = new URL(env.DATABASE_URL);
  const name = url.pathname.slice(1);
  const target = path.join(scratch, 'mariadb-backup');
  await run('mariadb-backup', ['--backup', `--host=${url.hostname}`, `--port=${url.port || 3306}`, `--user=${decodeURIComponent(url.username)}`, `--databases=mysql ${name}`, `--target-dir=${target}`]);
  await run('mariadb-backup', ['--prepare', `--target-dir=${target}`]);
  const datadir = path.join(scratch, 'restored-datadir');
  await run('mariadb-backup', ['--copy-back', `--target-dir=${target}`, `--datadir=${datadir}`]);
  fs.mkdirSync(path.join(scratch, 'tmp'));
  const port = await freePort();
  const pidFile = path.join(scratch, 'restored.pid');
  // setsid: the server is stopped by its pid (afterAll), never by a test's process group.
  await run('sh', [
    '-c',
    `setsid /usr/sbin/mariadbd --no-defaults --user=root --datadir=${datadir} --port=${port} --bind-address=127.0.0.1 --socket=${scratch}/restored.sock ` +
      `--pid-file=${pidFile} --tmpdir=${scratch}/tmp --innodb-buffer-pool-size=64M --character-set-server=utf8mb4 --collation-server=utf8mb4_bin > ${scratch}/restored.log 2>&1 &`,
  ]);
  cleanups.push(async () => {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    process.kill(pid, 'SIGTERM');
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && fs.existsSync(pidFile); ) await new Promise((r) => setTimeout(r, 100));
  });
  for (let i = 0; ; i++) {
    try {
      await run('mariadb-admin', ['-h127.0.0.1', `-P${port}`, '-uroot', 'ping']);
      break;
    } catch (err) {
      if (i > 100) throw new Error(`the restored server did not start: ${fs.readFileSync(`${scratch}/restored.log`, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  url.host = `127.0.0.1:${port}`;
  return { DATABASE_URL: url.toString() };
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address), random);
  // A few ms per node call, as a remote node has: backfill lasts long enough for the backup to land inside it.
  proxy = await startFaultyProxy(anvil.rpcUrl, random, { delay: 1, maxDelayMs: 8 });
  database = await createTestDatabase();
  env = { ...database.env, PORT: '0', HOST: '127.0.0.1', CHAINS: chainsFor(proxy.url) };
  const { stdout } = await run(process.execPath, [BIN, 'project', 'create', '--name', 'backup'], { env: { PATH: process.env.PATH, ...env } });
  accessKey = JSON.parse(stdout).accessKey;
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  for (const db of dbs) await db.destroy();
  for (const c of cleanups) await c().catch(() => undefined);
  await database?.drop();
  await proxy?.close();
  await anvil?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

it(`restores a backup taken while indexing (${dialect()}): the same answers as of its checkpoint, then indexing resumes without gaps or duplicates`, () =>
  withSeed(random, async () => {
    await mineBlocks(anvil, workload.blocks(120, 3));
    const indexer = await startStrata(['index'], env, /strata is indexing/, 120_000);
    procs.push(indexer);
    const original = await openDb(env);
    const head = (await headBlock(anvil)).number;
    // Well inside the backfill, with the chain still growing: the backup races the writer.
    for (;;) {
      const cp = await original.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
      if (cp && cp.indexedBlock > head / 4) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const growing = mineBlocks(anvil, workload.blocks(20, 2));
    const restoredEnv = { ...env, ...(dialect() === 'sqlite' ? await backupSqlite() : await backupMariadb()) };
    const before = await checkpointOf(original);
    await growing;

    // The copy stands at one checkpoint, mid-backfill, and holds exactly the chain up to it.
    const restored = await openDb(restoredEnv);
    const at = await checkpointOf(restored);
    expect(at.indexedBlock).toBeGreaterThan(head / 4);
    expect(at.indexedBlock).toBeLessThanOrEqual(before.indexedBlock);
    await expectLedgerMatchesChain(restored, anvil, tokens, at.indexedBlock);

    // `strata serve` on the copy answers with the balances of that block (the project's access key still works).
    const served = await serveOn(restoredEnv);
    const answered = await holdersVia(served.port);
    const asOfCheckpoint = await diffBalances(restored, anvil, tokens, at.indexedBlock);
    expect(asOfCheckpoint.mismatches).toEqual([]);
    expect(Object.values(answered).flat().length).toBeGreaterThan(0);

    // Indexing the copy resumes at its checkpoint; at the head, both databases hold the same rows and answer alike.
    const resumed = await startStrata(['index'], { ...restoredEnv, CHAINS: chainsFor(anvil.rpcUrl) }, /strata is indexing/, 120_000);
    procs.push(resumed);
    await waitForCanonical(restored, anvil);
    await expectLedgerMatchesChain(restored, anvil, tokens);
    await waitForCanonical(original, anvil);
    await expectLedgerMatchesChain(original, anvil, tokens);
    const originalServe = await serveOn(env);
    expect(await holdersVia(served.port)).toEqual(await holdersVia(originalServe.port));
    expect(indexer.output()).not.toMatch(/"level":(50|60)/);
  }));
