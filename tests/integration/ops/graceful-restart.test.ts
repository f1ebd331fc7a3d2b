// Graceful restarts with real processes: SIGTERM to a `strata serve` stops it accepting, lets a request in flight
// finish, and ends each subscription (graphql-ws and NDJSON) with a final message carrying its resume cursor; a new
// serve process takes the subscribers back from those cursors and they receive every transfer once. SIGTERM to the
// indexer stops it after a committed batch; the next one goes on from there. /health/live and /health/ready answer
// for orchestrators.
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Wallet } from 'ethers';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { freePort, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { loadConfig } from '../../../src/config';
import { createDataSource, type Db } from '../../../src/db';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');

let anvil: Anvil;
let tokens: Tokens;
let erc20: string;
let database: TestDatabase;
let env: Record<string, string>;
let accessKey: string;
let db: Db;
const procs: StrataProcess[] = [];
const clients: Client[] = [];

const serve = async () => {
  const p = await startStrata(['serve', '--no-index'], env, /"port":(\d+)/, 120_000);
  procs.push(p);
  return { proc: p, port: Number(p.match[1]) };
};

const index = async (extra: Record<string, string> = {}) => {
  const p = await startStrata(['index'], { ...env, ...extra }, /strata is indexing.*"port":(\d+)|"port":(\d+).*strata is indexing/, 120_000);
  procs.push(p);
  return { proc: p, port: Number(p.match[1] ?? p.match[2]) };
};

const get = async (port: number, p: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${p}`);
  return { status: res.status, body: (await res.json()) as any };
};

/** One mint to a fresh account per block, every few ms until stopped; resolves with the accounts in block order. */
const keepMinting = () => {
  let running = true;
  const minted: string[] = [];
  const done = (async () => {
    while (running) {
      const to = Wallet.createRandom().address.toLowerCase();
      await sendAndWait(tokens.erc20.mint(to, 1n));
      minted.push(to);
      await new Promise((r) => setTimeout(r, 40));
    }
    return minted;
  })();
  return { minted, stop: () => ((running = false), done) };
};

/** A graphql-ws subscription to the token's balance events: each message, then the error that ended it, if any. */
const subscribeGraphQL = (port: number, variables: { from?: number; cursor?: string }) => {
  const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': accessKey }, retryAttempts: 0 });
  clients.push(client);
  const messages: any[] = [];
  const ended = new Promise<any>((resolve) => {
    client.subscribe(
      {
        query: 'subscription($c: String!, $from: Int, $cursor: String) { balanceEvents(contractAddress: $c, fromBlock: $from, cursor: $cursor) { accountAddress delta blockNumber cursor } }',
        variables: { c: erc20, ...variables },
      },
      { next: (v: any) => messages.push(v.data.balanceEvents), error: resolve, complete: () => resolve(null) },
    );
  });
  return { messages, ended, client };
};

const subscribeNdjson = (port: number, body: { fromBlock?: number; cursor?: string }) =>
  openNdjson(`http://127.0.0.1:${port}/rpc/Indexer/SubscribeEvents`, { filter: { contractAddresses: [erc20] }, ...body }, { 'X-Access-Key': accessKey });

/** Reads NDJSON messages until one carries a webrpcError (returned) or the stream ends (null). */
const readUntilError = async (stream: NdjsonReader, into: any[]) => {
  for (;;) {
    const m = await Promise.race([stream.next(), stream.ended.then(() => null)]);
    if (m === null) return null;
    if (m.webrpcError) return m;
    into.push(m);
  }
};

const until = async (what: string, ok: () => boolean, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  database = await createTestDatabase();
  env = {
    ...database.env,
    REDIS_URL: 'redis://127.0.0.1:6379',
    PORT: '0',
    HOST: '127.0.0.1',
    SHUTDOWN_GRACE_MS: '20000',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
  };
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'project', 'create', '--name', 'restarts'], { env: { PATH: process.env.PATH, ...env } });
  accessKey = JSON.parse(stdout).accessKey;
  db = createDataSource(loadConfig(env));
  await db.initialize();
});

afterAll(async () => {
  for (const c of clients) await c.dispose();
  await Promise.all(procs.map((p) => p.kill()));
  await db?.destroy();
  await database?.drop();
  await anvil?.stop();
});

it('answers /health/live and /health/ready: 503 with the reasons while a chain is not indexed, /health and /ready as before', async () => {
  const deadNode = `http://127.0.0.1:${await freePort()}`;
  const stuck = await index({ CHAINS: JSON.stringify([{ chainId: 424242, url: deadNode }]) });
  expect(await get(stuck.port, '/health/live')).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get(stuck.port, '/health/ready')).toEqual({ status: 503, body: { status: 'not ready', reasons: ['chain 424242: not indexed yet'] } });
  expect(await get(stuck.port, '/health')).toEqual({ status: 200, body: { status: 'ok' } });
  expect(await get(stuck.port, '/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  expect(await stuck.proc.stop()).toBe(0);

  // A serve process indexes nothing: ready once its database is reachable and current.
  const api = await serve();
  expect(await get(api.port, '/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  expect(await get(api.port, '/health/live')).toEqual({ status: 200, body: { status: 'live' } });
  expect(await api.proc.stop()).toBe(0);
});

it(`SIGTERM (${dialect()}): subscribers get their resume cursor, a request in flight its answer, and resume on a new serve process with every transfer once`, async () => {
  let indexer = await index({ READY_MAX_LAG_BLOCKS: '1000' });
  await waitForCanonical(db, anvil);
  expect((await get(indexer.port, '/health/ready')).status).toBe(200);
  const first = await serve();
  const from = Number(await anvil.rpc<string>('eth_blockNumber')) + 1;
  const gql = subscribeGraphQL(first.port, { from });
  const ndjson = await subscribeNdjson(first.port, { fromBlock: from });
  expect(ndjson.status).toBe(200);
  const logs: any[] = [];
  const ndjsonEnd = readUntilError(ndjson, logs);

  const mints = keepMinting();
  await until('messages on both streams', () => gql.messages.length >= 3 && logs.length >= 3);

  // A request in flight: headers and half its body sent before SIGTERM, the rest after.
  const body = JSON.stringify({ query: '{ chainId }' });
  const socket = net.connect(Number(first.port), '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let reply = '';
  socket.on('data', (c) => (reply += c));
  const answered = new Promise((r) => socket.once('end', r));
  socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Access-Key: ${accessKey}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`);

  const exited = first.proc.stop();
  await first.proc.waitForOutput(/shutting down/);
  // Stopped accepting: a new connection is refused while the old ones drain.
  await expect(fetch(`http://127.0.0.1:${first.port}/health/live`)).rejects.toThrow();
  socket.write(body.slice(5));

  // Each stream's last message is the shutdown, with the cursor of the last event it delivered.
  const gqlError = await gql.ended;
  expect(gqlError).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAVAILABLE', cursor: gql.messages[gql.messages.length - 1].cursor }) })]);
  const last = await ndjsonEnd;
  expect(last).toMatchObject({ webrpcError: { error: 'Unavailable', code: 2002 }, cursor: logs[logs.length - 1].cursor });
  expect(last.webrpcError.cause).toBe(`cursor: ${logs[logs.length - 1].cursor}`);
  await answered;
  expect(reply).toMatch(/^HTTP\/1\.1 200 /);
  expect(reply).toContain(`"chainId"`);
  socket.destroy();
  expect(await exited).toBe(0);
  expect(first.proc.output()).toMatch(/"streams":2,.*ended open subscriptions with their resume cursors/);

  // The indexer too, while transfers keep coming: it stops after a committed batch, and the next goes on from there.
  expect(await indexer.proc.stop()).toBe(0);
  expect(indexer.proc.output()).toMatch(/ingestion stopped after its last committed batch/);
  indexer = await index();

  // Replaced: the subscribers come back with their cursors.
  const second = await serve();
  const gqlAgain = subscribeGraphQL(second.port, { cursor: gql.messages[gql.messages.length - 1].cursor });
  const ndjsonAgain = await subscribeNdjson(second.port, { cursor: last.cursor });
  const logsAgain: any[] = [];
  const ndjsonAgainEnd = readUntilError(ndjsonAgain, logsAgain);

  const minted = await mints.stop();
  await waitForCanonical(db, anvil);
  await until('every transfer on both resumed streams', () => gqlAgain.messages.length + gql.messages.length >= minted.length && logsAgain.length + logs.length >= minted.length);
  // One more: the next message after everything minted is that transfer, not a repeat.
  const extra = Wallet.createRandom().address.toLowerCase();
  await sendAndWait(tokens.erc20.mint(extra, 1n));
  await until('the extra transfer', () => gqlAgain.messages.length + gql.messages.length > minted.length && logsAgain.length + logs.length > minted.length);

  // Mints: one balance event each, the recipient's (the zero address keeps no balance).
  const balances = [...gql.messages, ...gqlAgain.messages].map((m) => m.accountAddress);
  expect(balances).toEqual([...minted, extra]);
  const transfers = [...logs, ...logsAgain].map((m) => m.log.event.values[1].toLowerCase());
  expect(transfers).toEqual([...minted, extra]);

  ndjsonAgain.close();
  await ndjsonAgainEnd;
  await waitForCanonical(db, anvil);
  await expectLedgerMatchesChain(db, anvil, { erc20: tokens.erc20 });
  expect(await second.proc.stop()).toBe(0);
  expect(await indexer.proc.stop()).toBe(0);
});
