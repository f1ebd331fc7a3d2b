// The multi-node topology, as scripts/cluster.sh starts it from real processes: a MariaDB primary and a GTID
// replica, a Redis, `strata index` with a standby waiting for its lock, two `strata serve --no-index` replicas.
// Subscribers on both replicas get every event exactly once; a quota holds across the replicas; a killed replica
// loses only its own connections; when the indexer holder dies, the standby takes the chain over.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { devWallet, freePort, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, type Tokens } from '../helpers/chain-fixtures';
import { openNdjson, type NdjsonReader } from '../helpers/ndjson';

const ROOT = path.join(__dirname, '..', '..');
const CLUSTER = path.join(ROOT, 'scripts', 'cluster.sh');
const BIN = path.join(ROOT, 'bin', 'strata.js');
const run = promisify(execFile);

let anvil: Anvil;
let tokens: Tokens;
let erc20: string;
let dir: string;
let ports: { primary: number; replica: number; redis: number; serve: number[]; index: number; standby: number };
let accessKey: string;
let bearerToken: string;
const streams: NdjsonReader[] = [];

/** The environment a `strata` command needs to act on the cluster's database. */
const cliEnv = () => ({
  PATH: process.env.PATH,
  LOG_LEVEL: 'warn',
  DATA_DIR: path.join(dir, 'cli'),
  DATABASE_URL: `mysql://root@127.0.0.1:${ports.primary}/strata`,
  JWT_SECRET: fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8'),
});

const pidOf = (name: string) => Number(fs.readFileSync(path.join(dir, `${name}.pid`), 'utf8'));
const logOf = (name: string) => fs.readFileSync(path.join(dir, `${name}.log`), 'utf8');
const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};
const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-cluster-'));
  const [primary, replica, redis, s1, s2, index, standby] = await Promise.all(Array.from({ length: 7 }, () => freePort()));
  ports = { primary, replica, redis, serve: [s1, s2], index, standby };
  await run('bash', [CLUSTER, 'start', dir], {
    env: {
      PATH: process.env.PATH,
      CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
      PRIMARY_PORT: String(primary),
      REPLICA_PORT: String(replica),
      REDIS_PORT: String(redis),
      SERVE_PORTS: `${s1} ${s2}`,
      INDEX_PORT: String(index),
      STANDBY_PORT: String(standby),
    },
    timeout: 150_000,
  });
  const { stdout } = await run(process.execPath, [BIN, 'project', 'create', '--name', 'cluster'], { env: cliEnv() });
  ({ accessKey, bearerToken } = JSON.parse(stdout));
});

afterAll(async () => {
  for (const s of streams) s.close();
  if (dir) await run('bash', [CLUSTER, 'stop', dir], { timeout: 60_000 }).catch((err) => console.error(err));
  await anvil?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const url = (replica: number, route: string) => `http://127.0.0.1:${ports.serve[replica]}${route}`;
const subscribe = async (replica: number) => {
  const s = await openNdjson(url(replica, '/rpc/Indexer/SubscribeBalanceUpdates'), { contractAddress: erc20 }, { 'X-Access-Key': accessKey });
  expect(s.status).toBe(200);
  streams.push(s);
  return s;
};

/** Reads a stream until `last` has arrived, and counts the updates of each account on the way. */
const countUntil = async (s: NdjsonReader, last: string) => {
  const seen = new Map<string, number>();
  for (;;) {
    const msg = await s.next();
    const account = msg.balance.accountAddress as string;
    seen.set(account, (seen.get(account) ?? 0) + 1);
    if (account === last) return seen;
  }
};

/** Mints to a fresh account (`0x…c1`, `0x…c2`, …), so each account's update can be counted on its own. */
const mintTo = async (n: number, amount: bigint) => {
  const to = `0x${n.toString(16).padStart(40, 'c')}`;
  await sendAndWait(tokens.erc20.mint(to, amount));
  return to;
};

it('delivers every event exactly once to subscribers on both replicas', async () => {
  const [a, b] = [await subscribe(0), await subscribe(1)];
  // Subscribed before the first transfer: give both streams a moment to be registered with their replica's pub/sub.
  await new Promise((r) => setTimeout(r, 500));
  const accounts: string[] = [];
  for (let i = 1; i <= 8; i++) accounts.push(await mintTo(i, BigInt(i * 1000)));
  for (const s of [a, b]) {
    const seen = await countUntil(s, accounts.at(-1)!);
    expect(accounts.map((acct) => seen.get(acct) ?? 0)).toEqual(accounts.map(() => 1));
  }
});

it('holds one monthly quota for a key across both replicas', async () => {
  const created = await fetch(url(0, '/graphql'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearerToken}` },
    body: JSON.stringify({ query: `mutation { createAccessKey(input: { name: "metered", requestsPerMonth: 5 }) { key } }` }),
  });
  const { data } = await created.json();
  const key = data.createAccessKey.key as string;
  const statuses: number[] = [];
  const codes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url(i % 2, '/rpc/Indexer/GetTokenBalances'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
      body: JSON.stringify({ accountAddress: devWallet(anvil, 1).address }),
    });
    statuses.push(res.status);
    const body = await res.json();
    if (res.status !== 200) codes.push(body.code);
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(codes).toEqual([1200, 1200, 1200, 1200, 1200]);
});

it('loses only the killed replica’s connections', async () => {
  const [a, b] = [await subscribe(0), await subscribe(1)];
  await new Promise((r) => setTimeout(r, 500));
  const victim = pidOf('serve-1');
  process.kill(victim, 'SIGKILL');
  await until('the replica to die', () => gone(victim));
  await a.ended; // its subscriber's stream ends with it
  const to = await mintTo(11, 4242n);
  const seen = await countUntil(b, to);
  expect(seen.get(to)).toBe(1);
  // The surviving replica still answers new requests.
  const res = await fetch(url(1, '/rpc/Indexer/GetTokenBalances'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey },
    body: JSON.stringify({ accountAddress: to }),
  });
  expect(res.status).toBe(200);
});

it('moves ingestion to the standby when the indexer holding the lock dies', async () => {
  const b = await subscribe(1);
  await new Promise((r) => setTimeout(r, 500));
  expect(logOf('standby')).toContain('waiting for its lock');
  const holder = pidOf('index');
  process.kill(holder, 'SIGKILL');
  await until('the standby to take the chain over', () => logOf('standby').includes('ingestion started'), 60_000);
  const to = await mintTo(12, 777n);
  const seen = await countUntil(b, to);
  expect(seen.get(to)).toBe(1);
});
