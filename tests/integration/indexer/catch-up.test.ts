// Subscribers never miss blocks silently. An indexer that was down while transfers were mined catches up on restart
// and its subscribers (on another process, through Redis) receive every transfer exactly once, in block order; when the
// outage is longer than the catch-up window, balances are replayed from storage and event streams end with a gap
// notice naming the blocks not streamed. A subscriber that reconnects with its last cursor gets what it missed, once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Wallet } from 'ethers';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { waitForCheckpoint } from '../../helpers/checkpoint';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const CONFIRMATIONS = 5;

let anvil: Anvil;
let db: TestDatabase;
let tokens: Tokens;
let env: Record<string, string>;
let accessKey: string;
let erc20: string;
let servePort: number;
const procs: StrataProcess[] = [];

const headOf = async () => Number(await anvil.rpc<string>('eth_blockNumber'));

const waitForIndexer = (block: number) => waitForCheckpoint(env, anvil.chainId, block);

const startIndexer = async (extra: Record<string, string> = {}) => {
  const p = await startStrata(['index'], { ...env, ...extra }, /strata is indexing/);
  procs.push(p);
  return p;
};

const subscribeTo = (op: string, body: Record<string, unknown>): Promise<NdjsonReader> =>
  openNdjson(`http://127.0.0.1:${servePort}/rpc/Indexer/${op}`, body, { 'X-Access-Key': accessKey });

const subscribe = () => subscribeTo('SubscribeBalanceUpdates', { contractAddress: erc20 });

/** The accounts of the next `n` balance messages (mints: one per block). */
const receiveAccounts = async (stream: NdjsonReader, n: number): Promise<string[]> => {
  const out: string[] = [];
  while (out.length < n) {
    const msg = await stream.next();
    expect(msg.webrpcError).toBeUndefined();
    out.push(msg.balance.accountAddress);
  }
  return out;
};

/** Mints to `n` fresh accounts, one block each; returns the accounts in block order. */
const mintBlocks = async (n: number): Promise<string[]> => {
  const accounts: string[] = [];
  for (let i = 0; i < n; i++) {
    const to = Wallet.createRandom().address.toLowerCase();
    await sendAndWait(tokens.erc20.mint(to, BigInt(i + 1)));
    accounts.push(to);
  }
  return accounts;
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  db = await createTestDatabase();
  env = {
    ...db.env,
    REDIS_URL: 'redis://127.0.0.1:6379',
    PORT: '0',
    HOST: '127.0.0.1',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: CONFIRMATIONS }]),
  };
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'project', 'create', '--name', 'catch-up'], { env: { PATH: process.env.PATH, ...env } });
  accessKey = JSON.parse(stdout).accessKey;
  const serve = await startStrata(['serve', '--no-index'], env, /"port":(\d+)/);
  procs.push(serve);
  servePort = Number(serve.match[1]);
});

afterAll(async () => {
  for (const p of procs) await p.stop();
  await anvil?.stop();
  await db?.drop();
});

it('streams every transfer mined while the indexer was down, once each and in block order', async () => {
  const indexer = await startIndexer();
  await waitForIndexer(await headOf());
  const stream = await subscribe();
  expect(stream.status).toBe(200);

  await indexer.kill('SIGKILL');
  const accounts = await mintBlocks(3 * CONFIRMATIONS);
  await startIndexer();

  const received: Array<{ account: string; block: number }> = [];
  while (received.length < accounts.length) {
    const msg = await stream.next();
    expect(msg.webrpcError).toBeUndefined();
    received.push({ account: msg.balance.accountAddress, block: msg.balance.blockNumber });
  }
  expect(received.map((r) => r.account)).toEqual(accounts);
  const blocks = received.map((r) => r.block);
  expect([...blocks].sort((a, b) => a - b)).toEqual(blocks);
  // Nothing more: the next message is the next mint, not a repeat.
  const [later] = await mintBlocks(1);
  expect((await stream.next()).balance.accountAddress).toBe(later);
  stream.close();
  await procs[procs.length - 1].stop();
});

it('replays balances past the catch-up window from storage; ends event streams with the gap and its resume block', async () => {
  const indexed = await headOf();
  const balances = await subscribe();
  const events = await subscribeTo('SubscribeEvents', { filter: { contractAddresses: [erc20] } });
  const accounts = await mintBlocks(12);
  const head = await headOf();
  const window = 3;
  await startIndexer({ CATCH_UP_PUBLISH_BLOCKS: String(window) });

  // Balances: every block once, in order, the backfilled ones replayed from balance_changes.
  expect(await receiveAccounts(balances, accounts.length)).toEqual(accounts);

  // Events of backfilled blocks cannot be rebuilt (no receipts kept): the stream ends naming them.
  const backfilledTo = head - Math.max(window, CONFIRMATIONS);
  const msg = await events.next();
  expect(msg.webrpcError).toMatchObject({ error: 'Unavailable', code: 2002 });
  const text = `${msg.webrpcError.msg} ${msg.webrpcError.cause ?? ''}`;
  expect(text).toContain(`blocks ${indexed + 1}-${backfilledTo}`);
  expect(text).toContain(`fromBlock ${backfilledTo + 1}`);

  // Subscribing again from the block it names replays the followed blocks, then goes on live.
  await waitForIndexer(head);
  const again = await subscribeTo('SubscribeEvents', { filter: { contractAddresses: [erc20] }, fromBlock: backfilledTo + 1 });
  const followed = accounts.slice(accounts.length - (head - backfilledTo));
  const [next] = await mintBlocks(1);
  const got: string[] = [];
  while (got.length < followed.length + 1) {
    const m = await again.next();
    expect(m.webrpcError).toBeUndefined();
    got.push(m.log.event.values[1]);
  }
  expect(got).toEqual([...followed, next]);
  again.close();
  balances.close();
  await procs[procs.length - 1].stop();
});

it('resumes from the cursor of the last message received: what was missed, then live, each once', async () => {
  await startIndexer();
  await waitForIndexer(await headOf());
  const first = await subscribeTo('SubscribeEvents', { filter: { contractAddresses: [erc20] } });
  const receipts = await subscribeTo('SubscribeReceipts', { filter: { to: erc20 } });
  const before = await mintBlocks(2);
  const seen: string[] = [];
  let cursor = '';
  for (let i = 0; i < 2; i++) {
    const m = await first.next();
    seen.push(m.log.event.values[1]);
    cursor = m.cursor;
  }
  expect(seen).toEqual(before);
  const r = await receipts.next();
  expect(r.receipt.final).toBe(false);
  const receiptCursor = r.cursor;
  first.close();
  receipts.close();

  // Away: transfers, and the indexer restarted meanwhile.
  const missed = await mintBlocks(3);
  await procs[procs.length - 1].kill('SIGKILL');
  const missedAfterCrash = await mintBlocks(2);
  await startIndexer();
  await waitForIndexer(await headOf());

  const resumed = await subscribeTo('SubscribeEvents', { filter: { contractAddresses: [erc20] }, cursor });
  const [live] = await mintBlocks(1);
  const got: string[] = [];
  while (got.length < missed.length + missedAfterCrash.length + 1) {
    const m = await resumed.next();
    expect(m.webrpcError).toBeUndefined();
    got.push(m.log.event.values[1]);
  }
  expect(got).toEqual([...missed, ...missedAfterCrash, live]);
  resumed.close();

  // Receipts: the one received as not final comes back final (it became final while away), then the rest once each.
  await mintBlocks(CONFIRMATIONS);
  await waitForIndexer(await headOf());
  const again = await subscribeTo('SubscribeReceipts', { filter: { to: erc20 }, cursor: receiptCursor });
  // Notices first: receipts received (or due) as not final that became final while away, the one received among them.
  // Then every later receipt, at least once; and no (receipt, final) twice (a late notice may follow its receipt).
  const others = 1 + missed.length + missedAfterCrash.length + 1 + CONFIRMATIONS;
  const keys: string[] = [];
  const later = new Set<string>();
  while (later.size < others || !keys.includes(`${r.receipt.txnHash}:true`)) {
    const m = await again.next();
    expect(m.webrpcError).toBeUndefined();
    keys.push(`${m.receipt.txnHash}:${m.receipt.final}`);
    if (m.receipt.blockNumber > r.receipt.blockNumber) later.add(m.receipt.txnHash);
  }
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).not.toContain(`${r.receipt.txnHash}:false`);
  again.close();
});

it('refuses a malformed resume point with InvalidArgument', async () => {
  const both = await subscribeTo('SubscribeEvents', { filter: { contractAddresses: [erc20] }, fromBlock: 1, cursor: 'abc' });
  expect(both.status).toBe(400);
  const foreign = await subscribeTo('SubscribeBalanceUpdates', { contractAddress: erc20, cursor: 'bm90LWEtY3Vyc29y' });
  expect(foreign.status).toBe(400);
  const negative = await subscribeTo('SubscribeReceipts', { fromBlock: -3 });
  expect(negative.status).toBe(400);
});
