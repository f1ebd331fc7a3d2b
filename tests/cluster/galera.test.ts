// The writer that survives a lost node: three MariaDB Galera nodes (scripts/galera.sh), two `strata index` processes
// that lead the chain by a lease with a fencing token (LEADERSHIP auto finds wsrep_on), and a `strata serve --no-index`,
// each given all three nodes in DATABASE_URL. While ERC-20 transfers are indexed and queried, the node the indexer
// writes to is SIGKILLed: indexing goes on on another node, the served queries fail over, and the node rejoins (IST).
// Balances equal balanceOf on the chain and no event reaches a subscriber twice. Then the leading indexer is paused
// past its lease: the standby takes over (token + 1), and the paused one, resumed, commits nothing more. The fence
// itself is checked across two nodes: a holder on one node whose lease was taken over on another cannot commit.
//
// Needs galera-4 (the provider /usr/lib/galera/libgalera_smm.so), mariadbd and rsync; .ci/run installs them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, type Tokens } from '../helpers/chain-fixtures';
import { openNdjson, type NdjsonReader } from '../helpers/ndjson';
import { startStrata, type StrataProcess } from '../helpers/processes';
import { loadConfig } from '../../src/config';
import { LeaseLostError, createDataSource, createLeadership, type Db } from '../../src/db';

const ROOT = path.join(__dirname, '..', '..');
const GALERA = path.join(ROOT, 'scripts', 'galera.sh');
const PROVIDER = '/usr/lib/galera/libgalera_smm.so';
const BIN = path.join(ROOT, 'bin', 'strata.js');
const run = promisify(execFile);
const TTL_MS = 3_000;

let anvil: Anvil;
let tokens: Tokens;
let erc20: string;
let dir: string;
let nodes: number[]; // SQL ports of node 1..3
let indexers: StrataProcess[] = [];
let serve: StrataProcess & { match: RegExpExecArray };
let servePort: number;
let accessKey: string;
const streams: NdjsonReader[] = [];
const sources: Db[] = [];
const minted: string[] = [];

const urlOf = (order: number[]) => `mysql://root@${order.map((i) => `127.0.0.1:${nodes[i]}`).join(',')}/strata`;
const sql = async <T = Record<string, unknown>>(node: number, query: string, params: unknown[] = []): Promise<T[]> => {
  const c = await createConnection({ host: '127.0.0.1', port: nodes[node], user: 'root', database: 'strata', connectTimeout: 3_000 });
  try {
    return (await c.query(query, params))[0] as T[];
  } finally {
    await c.end();
  }
};
const pidOf = (node: number) => Number(fs.readFileSync(path.join(dir, `node${node + 1}.pid`), 'utf8'));
const until = async <T>(what: string, ok: () => Promise<T | null | false> | T | null | false, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await Promise.resolve()
      .then(ok)
      .catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const env = (order: number[], extra: Record<string, string> = {}) => ({
  DATABASE_URL: urlOf(order),
  JWT_SECRET: 'galera-test-secret-galera-test-secret-0123',
  DATA_DIR: path.join(dir, 'strata'),
  REDIS_URL: 'redis://127.0.0.1:6379',
  CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
  LEASE_TTL_MS: String(TTL_MS),
  LOG_FORMAT: 'json',
  PORT: '0',
  HOST: '127.0.0.1',
  ...extra,
});

beforeAll(async () => {
  if (!fs.existsSync(PROVIDER)) {
    throw new Error(`Galera's provider ${PROVIDER} is missing: install the Debian package galera-4 (apt-get install -y galera-4 rsync), as .ci/run does`);
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-galera-'));
  const ports = await Promise.all(Array.from({ length: 12 }, () => freePort()));
  nodes = [ports[0], ports[4], ports[8]];
  const specs = [0, 4, 8].map((i) => ports.slice(i, i + 4).join(':'));
  // The cluster and the chain start side by side: the cluster's joins take most of the time.
  const [, deployed] = await Promise.all([
    run('bash', [GALERA, 'start', dir, ...specs], { timeout: 150_000 }),
    (async () => {
      anvil = await startAnvil();
      return deployTokens(anvil);
    })(),
  ]);
  tokens = deployed;
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const c = await createConnection({ host: '127.0.0.1', port: nodes[0], user: 'root' });
  await c.query('CREATE DATABASE strata CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
  await c.end();
  // Indexer A writes through node 1 first, B (the standby) through node 2, the server reads through node 1.
  // A applies every migration first: each DDL statement is replicated in total order to all three nodes, which on a
  // loaded machine takes a minute or more.
  indexers.push(await startStrata(['index'], env([0, 1, 2]), /ingestion started/, 240_000));
  // Migrated by A: the others start side by side.
  const [standby, server, created] = await Promise.all([
    startStrata(['index'], env([1, 2, 0]), /waiting for its lock/, 240_000),
    startStrata(['serve', '--no-index'], env([0, 1, 2]), /"port":(\d+)/, 240_000),
    run(process.execPath, [BIN, 'project', 'create', '--name', 'galera'], { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env([0, 1, 2]) } }),
  ]);
  indexers.push(standby);
  serve = server;
  servePort = Number(serve.match[1]);
  ({ accessKey } = JSON.parse(created.stdout));
});

afterAll(async () => {
  for (const s of streams) s.close();
  for (const p of [...indexers, serve]) {
    if (!p) continue;
    try {
      process.kill(p.child.pid!, 'SIGCONT');
    } catch {
      // already gone
    }
    await p.stop().catch(() => undefined);
  }
  await Promise.all(sources.map((s) => s.destroy().catch(() => undefined)));
  if (dir) await run('bash', [GALERA, 'stop', dir], { timeout: 90_000 }).catch((err) => console.error(err));
  await anvil?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Mints to a fresh account (`0x…d1`, `0x…d2`, …) and returns the block it was mined in. */
const mint = async (amount: bigint): Promise<{ to: string; block: number }> => {
  const to = `0x${(minted.length + 1).toString(16).padStart(40, 'd')}`;
  minted.push(to);
  const receipt = (await sendAndWait(tokens.erc20.mint(to, amount))) as { blockNumber: number };
  return { to, block: receipt.blockNumber };
};

/** The served balance of `account`, retried while the server moves to another node (a request may fail meanwhile). */
const servedBalance = async (account: string): Promise<bigint> => {
  const body = await until(`a served balance of ${account}`, async () => {
    const res = await fetch(`http://127.0.0.1:${servePort}/rpc/Indexer/GetTokenBalances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey },
      body: JSON.stringify({ contractAddress: erc20, accountAddress: account }),
    });
    return res.status === 200 ? ((await res.json()) as { balances: Array<{ balance: string }> }) : null;
  });
  return body.balances.reduce((sum, b) => sum + BigInt(b.balance), 0n);
};

/** Reads a stream until `last` has arrived, counting the updates of each account on the way. */
const countUntil = async (s: NdjsonReader, last: string, seen = new Map<string, number>()) => {
  for (;;) {
    const msg = await s.next();
    const account = msg.balance.accountAddress as string;
    seen.set(account, (seen.get(account) ?? 0) + 1);
    if (account === last) return seen;
  }
};

const indexedOn = async (node: number): Promise<number> =>
  Number((await sql<{ b: string }>(node, 'SELECT indexed_block AS b FROM chain_checkpoints WHERE chain_id = ?', [anvil.chainId]))[0]?.b ?? -1);

it('keeps indexing on another node when the node the indexer writes to dies, and the node rejoins', async () => {
  const stream = await openNdjson(`http://127.0.0.1:${servePort}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: erc20 }, { 'X-Access-Key': accessKey });
  streams.push(stream);
  await new Promise((r) => setTimeout(r, 500));
  const seen = new Map<string, number>();
  for (let i = 1; i <= 3; i++) await mint(BigInt(i) * 1000n);
  await countUntil(stream, minted.at(-1)!, seen);
  expect(await servedBalance(minted[0])).toBe(1000n);

  // Indexer A's connections are on node 1: kill it without a chance to say goodbye.
  const killedAt = Date.now();
  process.kill(pidOf(0), 'SIGKILL');
  const after = await mint(4000n);
  await until('the block mined after the kill to be committed on node 2', async () => (await indexedOn(1)) >= after.block && Date.now());
  const failoverMs = Date.now() - killedAt;
  console.log(`galera failover: node killed → next commit on another node in ${failoverMs} ms`);
  await countUntil(stream, after.to, seen);
  // Served reads move to a live node as well.
  expect(await servedBalance(after.to)).toBe(4000n);

  // Node 1 rejoins (IST from a survivor's gcache) and holds what was committed while it was down.
  const rejoinStarted = Date.now();
  await run('bash', [GALERA, 'start', dir], { timeout: 120_000 });
  console.log(`galera rejoin: node 1 synced again in ${Date.now() - rejoinStarted} ms`);
  expect(await indexedOn(0)).toBeGreaterThanOrEqual(after.block);

  const more = await mint(5000n);
  await countUntil(stream, more.to, seen);
  for (const [i, account] of minted.entries()) {
    expect(await servedBalance(account)).toBe(BigInt(await tokens.erc20.balanceOf(account)));
    expect([account, seen.get(account)]).toEqual([account, 1]);
    expect(await servedBalance(account)).toBe(BigInt(i + 1) * 1000n);
  }
});

it('moves the chain to the standby when the leader is paused past its lease, and the paused one commits nothing more', async () => {
  const stream = await openNdjson(`http://127.0.0.1:${servePort}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: erc20 }, { 'X-Access-Key': accessKey });
  streams.push(stream);
  await new Promise((r) => setTimeout(r, 500));
  // Whichever indexer leads now (the failover above may have moved the lead): its pid is in the lease's holder.
  const lease = async () => (await sql<{ holder: string; token: string }>(1, 'SELECT holder, token FROM leases WHERE name = ?', [`ingest-${anvil.chainId}`]))[0];
  const before = await lease();
  const a = indexers.find((p) => before.holder.split(':')[1] === String(p.child.pid))!;
  const b = indexers.find((p) => p !== a)!;
  const started = (p: StrataProcess) => p.output().split('ingestion started').length;
  const startedBefore = started(b);
  process.kill(a.child.pid!, 'SIGSTOP');
  await until('the standby to take the chain over', () => started(b) > startedBefore, TTL_MS * 5);
  const after = await lease();
  expect(Number(after.token)).toBe(Number(before.token) + 1);
  expect(after.holder.split(':')[1]).toBe(String(b.child.pid));
  const seen = new Map<string, number>();
  const byB = await mint(6000n);
  await countUntil(stream, byB.to, seen);

  // A wakes up believing it leads: its renewal or its next commit finds the token moved on, and it goes back to waiting.
  process.kill(a.child.pid!, 'SIGCONT');
  const lostBefore = a.output().split("another ingester took this chain over").length;
  await until('the resumed indexer to find its lease taken', () => a.output().split('another ingester took this chain over').length > lostBefore, 30_000);
  const last = await mint(7000n);
  await countUntil(stream, last.to, seen);
  expect([seen.get(byB.to), seen.get(last.to)]).toEqual([1, 1]);
  expect(await servedBalance(last.to)).toBe(BigInt(await tokens.erc20.balanceOf(last.to)));
});

it('refuses the commit of a holder on one node whose lease was taken over on another', async () => {
  const open = async (node: number) => {
    const db = createDataSource(loadConfig({ DATABASE_URL: `mysql://root@127.0.0.1:${nodes[node]}/strata`, JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir }));
    await db.initialize();
    sources.push(db);
    return db;
  };
  const [onNode2, onNode3] = [await open(1), await open(2)];
  await onNode2.query('CREATE TABLE IF NOT EXISTS fence_probe (id INT PRIMARY KEY, writer VARCHAR(8) NOT NULL) ENGINE=InnoDB');
  const holder = createLeadership(onNode2, 'fence-probe', { leaseTtlMs: 60_000 });
  const held = await holder.acquire({ timeoutMs: 0 });
  expect(held.kind).toBe('lease'); // auto: wsrep_on
  await holder.db.transaction(async (m) => void (await m.query("INSERT INTO fence_probe VALUES (1, 'a')")));
  // The holder stops renewing past its expiry; a process on node 3 takes the lease over.
  await onNode3.query("UPDATE leases SET expires_at = 0 WHERE name = 'fence-probe'");
  const next = await createLeadership(onNode3, 'fence-probe', { leaseTtlMs: 60_000 }).acquire({ timeoutMs: 0 });
  expect(next.token).toBe(held.token! + 1);
  await expect(holder.db.transaction(async (m) => void (await m.query("INSERT INTO fence_probe VALUES (2, 'a')")))).rejects.toBeInstanceOf(LeaseLostError);
  expect(await sql(0, 'SELECT id, writer FROM fence_probe ORDER BY id')).toEqual([{ id: 1, writer: 'a' }]);
  await next.release();
});

it('moves to another node when its node is cut off from the cluster and refuses service (a partition)', async () => {
  // A process whose connections go to node 3 first; the running indexers and server are on nodes 1 and 2.
  const db = createDataSource(loadConfig({ DATABASE_URL: urlOf([2, 0, 1]), JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir }));
  await db.initialize();
  sources.push(db);
  const portOf = async () => Number((await db.query('SELECT @@port AS p, COUNT(*) AS n FROM leases'))[0].p);
  expect(await portOf()).toBe(nodes[2]);

  // Node 3 drops its links to the others: it stays up, leaves the primary component and answers 1047 to every query.
  await sql(2, "SET GLOBAL wsrep_provider_options = 'gmcast.isolate=1'");
  const cutAt = Date.now();
  const refusals: number[] = [];
  const movedTo = await until('the data source to answer from another node', async () => {
    try {
      const port = await portOf();
      return port !== nodes[2] && port;
    } catch (err) {
      refusals.push((err as { driverError?: { errno?: number } }).driverError?.errno ?? -1);
      return null;
    }
  });
  console.log(`galera partition: node cut off → answers from another node in ${Date.now() - cutAt} ms, ${refusals.length} refused queries`);
  expect([nodes[0], nodes[1]]).toContain(movedTo);
  expect(refusals.every((errno) => errno === 1047)).toBe(true);
  // Every query now goes to the node it moved to, not back to the cut-off one.
  for (let i = 0; i < 5; i++) expect(await portOf()).toBe(movedTo);

  // Node 3 reconnects and rejoins the primary component; the cluster is whole again for the tests' cleanup.
  const rejoin = createConnection({ host: '127.0.0.1', port: nodes[2], user: 'root' });
  await (await rejoin).query("SET GLOBAL wsrep_provider_options = 'gmcast.isolate=0'");
  await (await rejoin).end();
  await until('node 3 to be back in the primary component', async () => {
    const [status] = await sql<{ Value: string }>(2, "SHOW STATUS LIKE 'wsrep_local_state_comment'");
    return status?.Value === 'Synced';
  });
});
