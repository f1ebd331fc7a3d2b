// The "caught up with the head" line counts the events the database holds for the stretch it caught up: an ERC-1155
// TransferBatch log is one row per token id, and the last blocks of the stretch, followed near the head (within the
// catch-up window), count too. It once counted logs of the backfilled and far-followed batches only.
import { Writable } from 'node:stream';
import pino from 'pino';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { loadConfig } from '../../../src/config';
import { createApp, type App } from '../../../src/main/app';

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

it('says it caught up with as many events as the transfers table holds', async () => {
  const [A, B] = [0, 1].map((i) => devWallet(anvil, i).address);
  // Backfilled: an ERC-20 mint and transfer, an ERC-721 mint, an ERC-1155 batch of three ids (one log, three rows).
  await sendAndWait(tokens.erc20.mint(A, 10_000n));
  await sendAndWait(tokens.erc20.transfer(B, 1_234n));
  await sendAndWait(tokens.erc721.mint(A, 1n));
  await sendAndWait(tokens.erc1155.mintBatch(B, [1n, 2n, 3n], [5n, 6n, 7n]));
  await anvil.rpc('anvil_mine', ['0x20']);
  // The last blocks, within CATCH_UP_PUBLISH_BLOCKS of the head and NEAR_HEAD_BLOCKS of it: followed, not backfilled.
  await sendAndWait(tokens.erc1155.mintBatch(A, [4n, 5n], [1n, 1n]));
  await sendAndWait(tokens.erc20.transfer(B, 1n));

  const lines: Array<{ msg: string; events?: number; indexed?: number }> = [];
  const caughtUp = new Promise<{ events?: number; indexed?: number }>((resolve) => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).trim().split('\n')) {
          const entry = JSON.parse(line);
          lines.push(entry);
          if (entry.msg === 'caught up with the head') resolve(entry);
        }
        done();
      },
    });
    app = null;
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      ...database.env,
      CATCH_UP_PUBLISH_BLOCKS: '4',
      CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1 }]),
    });
    void createApp(config, pino({ level: 'info' }, sink), { serve: false, index: true, pollMs: 50 }).then(async (a) => {
      app = a;
      await a.start();
    });
  });
  const line = await caughtUp;
  const head = Number(await anvil.rpc<string>('eth_blockNumber'));
  expect(line.indexed).toBe(head);
  const [{ n }] = await app!.db.query('SELECT COUNT(*) AS n FROM token_transfers');
  expect(Number(n)).toBe(1 + 1 + 1 + 3 + 2 + 1);
  expect(line.events).toBe(Number(n));
});
