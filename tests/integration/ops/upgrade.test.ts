// Upgrades without downtime: the previous release's `strata serve` keeps serving a database that this release has
// migrated and indexes. The previous release is built from git history (a worktree of PREVIOUS_RELEASE sharing this
// checkout's node_modules, run through tsx: nothing to store or build); CI runs on a clean clone with full history.
// Migrations written expand-then-contract (docs/upgrading.md) are what make this pass.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Wallet } from 'ethers';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { waitForCanonical } from '../../helpers/ledger';
import { openNdjson } from '../../helpers/ndjson';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { loadConfig } from '../../../src/config';
import { createDataSource, type Db } from '../../../src/db';

/** The last commit before this release's migrations (webhooks, bearer tokens, …): the release operators upgrade from. */
const PREVIOUS_RELEASE = 'ddc4a2d';
const ROOT = path.join(__dirname, '..', '..', '..');
const BIN = path.join(ROOT, 'bin', 'strata.js');
const run = promisify(execFile);

let anvil: Anvil;
let tokens: Tokens;
let erc20: string;
let database: TestDatabase;
let env: Record<string, string>;
let accessKey: string;
let db: Db;
let previous: string;
const procs: StrataProcess[] = [];

/** The token's holders as a serve process answers them over GraphQL (a query both releases have). */
const holders = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey },
    body: JSON.stringify({ query: 'query($c: String!) { tokenHolders(contractAddress: $c, first: 100) { edges { node { accountAddress balance } } } }', variables: { c: erc20 } }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const startServe = async (bin: string) => {
  const p = await startStrata(['serve', '--no-index'], env, /"port":(\d+)/, 120_000, bin);
  procs.push(p);
  return { proc: p, port: Number(p.match[1]) };
};

beforeAll(async () => {
  // The previous release's sources, from this repository's history.
  await run('git', ['-C', ROOT, 'cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`]).catch(() => {
    throw new Error(`commit ${PREVIOUS_RELEASE} (the previous release) is not in this clone: the upgrade test needs the full history (git fetch --unshallow)`);
  });
  previous = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-previous-'));
  await run('git', ['-C', ROOT, 'worktree', 'add', '--detach', previous, PREVIOUS_RELEASE]);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(previous, 'node_modules'));

  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  database = await createTestDatabase();
  env = {
    ...database.env,
    REDIS_URL: 'redis://127.0.0.1:6379',
    PORT: '0',
    HOST: '127.0.0.1',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
  };
  // This release creates and migrates the database.
  await run(process.execPath, [BIN, 'migrate'], { env: { PATH: process.env.PATH, ...env } });
  const { stdout } = await run(process.execPath, [BIN, 'project', 'create', '--name', 'upgrade'], { env: { PATH: process.env.PATH, ...env } });
  accessKey = JSON.parse(stdout).accessKey;
  db = createDataSource(loadConfig(env));
  await db.initialize();
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await db?.destroy();
  await database?.drop();
  await anvil?.stop();
  if (previous) {
    await run('git', ['-C', ROOT, 'worktree', 'remove', '--force', previous]).catch(() => undefined);
    fs.rmSync(previous, { recursive: true, force: true });
  }
});

it(`the previous release serves a database migrated and indexed by this one (${dialect()}): reads, a live stream, readiness`, async () => {
  const migratedBefore = (await db.query('SELECT COUNT(*) AS n FROM migrations'))[0].n;
  const indexer = await startStrata(['index'], env, /strata is indexing/, 120_000);
  procs.push(indexer);
  const accounts = Array.from({ length: 3 }, () => Wallet.createRandom().address.toLowerCase());
  for (const a of accounts) await sendAndWait(tokens.erc20.mint(a, 7n));
  await waitForCanonical(db, anvil);

  const current = await startServe(BIN);
  const old = await startServe(path.join(previous, 'bin', 'strata.js'));
  // The old process applied nothing (it knows fewer migrations than the database has) and calls itself ready.
  expect((await db.query('SELECT COUNT(*) AS n FROM migrations'))[0].n).toBe(migratedBefore);
  expect(await (await fetch(`http://127.0.0.1:${old.port}/ready`)).json()).toEqual({ status: 'ready' });

  // Same answers from both versions.
  const now = await holders(current.port);
  const then = await holders(old.port);
  expect(now.status).toBe(200);
  expect(then).toEqual(now);
  expect(then.body.data.tokenHolders.edges.map((e: any) => e.node.accountAddress)).toEqual(expect.arrayContaining(accounts));

  // The old process follows this release's indexer live (events through Redis, in the database's namespace).
  const stream = await openNdjson(`http://127.0.0.1:${old.port}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: erc20, fromBlock: Number(await anvil.rpc<string>('eth_blockNumber')) + 1 }, { 'X-Access-Key': accessKey });
  expect(stream.status).toBe(200);
  const next = Wallet.createRandom().address.toLowerCase();
  await sendAndWait(tokens.erc20.mint(next, 9n));
  const msg = await stream.next();
  expect(msg.webrpcError).toBeUndefined();
  expect(msg.balance).toMatchObject({ accountAddress: next, balance: '9' });
  stream.close();

  expect(old.proc.output()).not.toMatch(/"level":(50|60)/);
  expect(await old.proc.stop()).toBe(0);
  expect(await current.proc.stop()).toBe(0);
  expect(await indexer.stop()).toBe(0);
});
