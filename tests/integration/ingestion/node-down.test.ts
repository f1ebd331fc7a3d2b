// A node that is down when ingestion starts only delays it: the ingester keeps trying to connect, warning each time,
// and indexes the chain once the node answers.
import { Writable } from 'node:stream';
import pino from 'pino';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { seededRandom } from '../../helpers/random';
import { loadConfig } from '../../../src/config';
import { createApp, type App } from '../../../src/main/app';
import { TransferEntity } from '../../../src/db';

let anvil: Anvil;
let node: FaultyProxy;
let tokens: Tokens;
let database: TestDatabase;
let app: App | undefined;
const lines: Array<{ level: number; msg: string; endpoints?: string[]; err?: unknown }> = [];
const logger = pino({ level: 'warn' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));

const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  for (const deadline = Date.now() + timeoutMs; !(await ok()); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  // Down: every connection is cut before the node sees the call, the eth_chainId check of a new client included.
  node = await startFaultyProxy(anvil.rpcUrl, seededRandom(1), { resetBefore: 1 });
  database = await createTestDatabase();
  const chains = [{ chainId: anvil.chainId, url: node.url, confirmations: 2 }];
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...database.env, CHAINS: JSON.stringify(chains) });
  app = await createApp(config, logger, { serve: false, index: true, pollMs: 100 });
  await app.start();
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  await node?.close();
  await anvil?.stop();
});

it('retries connecting to a node that is down at start, then indexes once it is up', async () => {
  // The client's own retries give up first (several seconds); the ingester then says so and tries again later.
  await until('a warning that the node cannot be reached', () => lines.some((l) => l.msg === 'cannot connect to the node; retrying'));
  expect(new Set(lines.filter((l) => l.msg === 'cannot connect to the node; retrying').map((l) => l.level))).toEqual(new Set([40]));
  // One line naming the endpoint and the cause, without a stack.
  for (const l of lines.filter((l) => l.msg === 'cannot connect to the node; retrying')) {
    expect(l.endpoints).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/)]);
    expect(typeof l.err).toBe('string');
  }
  expect(node.stats.ok).toBe(0);

  node.setPlan({});
  const receipt = await sendAndWait(tokens.erc20.mint(devWallet(anvil, 1).address, 42n));
  await waitForIndexed(app!, anvil);
  const rows = await app!.db.getRepository(TransferEntity).findBy({ chainId: anvil.chainId, txHash: (receipt as { hash: string }).hash.toLowerCase() });
  expect(rows.map((r) => [r.to, r.amount])).toEqual([[devWallet(anvil, 1).address.toLowerCase(), '42']]);
});
