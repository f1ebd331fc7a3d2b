// Catching up on the blocks of the catch-up window (followed with receipts and published), the ingester reads the next
// range while it writes the last one, for blocks deeper than the reorg window: every block is still written once, in
// order, its events published once, and the balances equal the chain's.
import { Writable } from 'node:stream';
import { Wallet } from 'ethers';
import pino from 'pino';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { chainBalance, deployTokens, indexedBalance, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { loadConfig } from '../../../src/config';
import { createApp, type App } from '../../../src/main/app';
import type { BalanceEvent } from '../../../src/pubsub';

const BLOCKS = 120;
let anvil: Anvil;
let tokens: Tokens;
let database: TestDatabase;
let app: App | null = null;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  database = await createTestDatabase();
});

afterAll(async () => {
  await app?.stop();
  await anvil?.stop();
  await database?.drop();
});

it('reads ahead below the reorg window and still writes and publishes every block once, in order', async () => {
  // One mint per block, to a fresh account each: a block's balance event names its account.
  const accounts: string[] = [];
  for (let i = 0; i < BLOCKS; i++) {
    const to = Wallet.createRandom().address.toLowerCase();
    await sendAndWait(tokens.erc20.mint(to, BigInt(i + 1)));
    accounts.push(to);
  }
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const lines: Array<{ msg: string; from?: number; to?: number }> = [];
  const logger = pino({ level: 'debug' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ...database.env,
    // The whole chain is within the catch-up window: it is followed from its first block, 50 blocks per round.
    CATCH_UP_PUBLISH_BLOCKS: '1000',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3 }]),
  });
  app = await createApp(config, logger, { serve: false, index: true, pollMs: 100 });
  const published: BalanceEvent[] = [];
  app.pubsub.subscribe('balances', (e) => published.push(e));
  await app.start();
  await waitForIndexed(app, anvil);

  // Ranges were read ahead, each then committed as the next batch.
  const aheads = lines.filter((l) => l.msg === 'reading ahead');
  const commits = lines.filter((l) => l.msg === 'batch committed');
  expect(aheads.length).toBeGreaterThan(0);
  for (const a of aheads) expect(commits.some((c) => c.from === a.from && c.to === a.to)).toBe(true);
  // Every block once, in order: the batches tile the chain.
  for (let i = 1; i < commits.length; i++) expect(commits[i].from).toBe(commits[i - 1].to! + 1);

  // Each mint's balance event exactly once, in block order.
  const minted = published.filter((e) => e.contract === erc20 && accounts.includes(e.account));
  expect(minted.map((e) => e.account)).toEqual(accounts);
  for (let i = 0; i < BLOCKS; i += 17) {
    expect(await indexedBalance(app, anvil.chainId, erc20, accounts[i], '')).toBe(await chainBalance(tokens, 'erc20', accounts[i], ''));
  }
});
