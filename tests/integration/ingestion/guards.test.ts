// Ingestion guards: one writer per chain (a second ingester waits), and a reorg deeper than the window stops the chain.
import { Writable } from 'node:stream';
import pino from 'pino';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { createApp, type App } from '../../../src/main/app';
import { ChainCheckpointEntity } from '../../../src/db';
import { PATIENCE_MS } from '../../helpers/patience';

let anvil: Anvil;
let server: TestServer;
let tokens: Tokens;
const lines: string[] = [];
const captured = pino({ level: 'info' }, new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
let second: App | undefined;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]) });
  await waitForIndexed(server.app, anvil);
});

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await anvil?.stop();
});

it('makes a second ingester of the same chain wait for the lock, saying so', async () => {
  second = await createApp(server.app.config, captured, { serve: false, index: true, pollMs: 100 });
  await second.start();
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && !lines.some((l) => l.includes('waiting for its lock')); ) await new Promise((r) => setTimeout(r, 100));
  expect(lines.some((l) => l.includes('another ingester holds this chain; waiting for its lock'))).toBe(true);
  expect(lines.some((l) => l.includes('ingestion started'))).toBe(false);
  await second.stop();
  second = undefined;
});

it('stops a chain with a clear error on a reorg deeper than the unfinalized window', async () => {
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  for (let i = 0; i < 4; i++) await sendAndWait(tokens.erc20.mint(tokens.erc20.target as string, BigInt(i + 1)));
  await waitForIndexed(server.app, anvil);
  await anvil.rpc('evm_revert', [snapshot]);
  for (let i = 0; i < 6; i++) await sendAndWait(tokens.erc20.mint(tokens.erc20.target as string, BigInt(100 + i)));
  // The ingester's own logger is silent in tests; the chain's checkpoint stops moving instead.
  const head = Number(await anvil.rpc<string>('eth_blockNumber'));
  await new Promise((r) => setTimeout(r, 2000));
  await expect(waitForIndexed(server.app, anvil, 1000)).rejects.toThrow(/did not reach block/);
  const cp = await server.app.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
  expect(cp!.indexedBlock).toBeLessThan(head);
});
