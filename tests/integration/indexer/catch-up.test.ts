// Subscribers never miss blocks silently. An indexer that was down while transfers were mined catches up on restart
// and its subscribers (on another process, through Redis) receive every transfer exactly once, in block order; when the
// outage is longer than the catch-up window, their streams end with a gap notice naming the blocks not streamed.
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

const subscribe = (): Promise<NdjsonReader> =>
  openNdjson(`http://127.0.0.1:${servePort}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: erc20 }, { 'X-Access-Key': accessKey });

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
    const msg = await stream.next(30_000);
    expect(msg.webrpcError).toBeUndefined();
    received.push({ account: msg.balance.accountAddress, block: msg.balance.blockNumber });
  }
  expect(received.map((r) => r.account)).toEqual(accounts);
  const blocks = received.map((r) => r.block);
  expect([...blocks].sort((a, b) => a - b)).toEqual(blocks);
  // Nothing more: the next message is the next mint, not a repeat.
  const [later] = await mintBlocks(1);
  expect((await stream.next(30_000)).balance.accountAddress).toBe(later);
  stream.close();
  await procs[procs.length - 1].stop();
});

it('ends streams with a gap notice naming the blocks indexed beyond the catch-up window', async () => {
  const indexed = await headOf();
  const stream = await subscribe();
  const accounts = await mintBlocks(12);
  const head = await headOf();
  const window = 3;
  await startIndexer({ CATCH_UP_PUBLISH_BLOCKS: String(window) });

  const msg = await stream.next(30_000);
  // The blocks within the window would follow the gap, but the stream ends at the gap.
  expect(msg.webrpcError).toMatchObject({ error: 'Unavailable', code: 2002 });
  const text = `${msg.webrpcError.msg} ${msg.webrpcError.cause ?? ''}`;
  expect(text).toContain(`blocks ${indexed + 1}-${head - Math.max(window, CONFIRMATIONS)}`);

  // A new subscriber continues live from there.
  await waitForIndexer(head);
  const again = await subscribe();
  const [next] = await mintBlocks(1);
  expect((await again.next(30_000)).balance.accountAddress).toBe(next);
  again.close();
  expect(accounts).toHaveLength(12);
});
