// Two deployments (own databases, same chain id) on one Redis never hear each other's events, and a message
// published on a deployment's channels without its secret is dropped.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { openNdjson } from '../../helpers/ndjson';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { loadConfig } from '../../../src/config';
import { createDataSource, readDeploymentId } from '../../../src/db';
import { waitForCheckpoint } from '../../helpers/checkpoint';
import { channelPrefix } from '../../../src/pubsub';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const REDIS_URL = 'redis://127.0.0.1:6379';
// On MySQL the processes run as a deployment, where /metrics needs its token.
const METRICS_TOKEN = 'metrics-token-of-this-test';

type Deployment = { anvil: Anvil; tokens: Tokens; db: TestDatabase; env: Record<string, string> };
const deployments: Deployment[] = [];
const procs: StrataProcess[] = [];

/** Opens the deployment's database for `fn`. */
const withDb = async <T>(d: Deployment, fn: (db: ReturnType<typeof createDataSource>) => Promise<T>) => {
  const ds = createDataSource(loadConfig(d.env));
  await ds.initialize();
  try {
    return await fn(ds);
  } finally {
    await ds.destroy();
  }
};

const waitForIndexer = (d: Deployment, block: number) => waitForCheckpoint(d.env, d.anvil.chainId, block);

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    // Two anvils with the same chain id; the same deployer and nonce give the same token address on both.
    const anvil = await startAnvil();
    const db = await createTestDatabase();
    const env = { ...db.env, REDIS_URL, METRICS_TOKEN, PORT: '0', HOST: '127.0.0.1', CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1 }]) };
    deployments.push({ anvil, tokens: await deployTokens(anvil), db, env });
  }
});

afterAll(async () => {
  for (const p of procs) await p.stop();
  for (const d of deployments) {
    await d.anvil.stop();
    await d.db.drop();
  }
});

it('keeps deployments on one Redis apart and drops unsigned messages', async () => {
  const [a, b] = deployments;
  const erc20 = (await a.tokens.erc20.getAddress()).toLowerCase();
  expect((await b.tokens.erc20.getAddress()).toLowerCase()).toBe(erc20);

  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'project', 'create', '--name', 'a'], { env: { PATH: process.env.PATH, ...a.env } });
  const { accessKey } = JSON.parse(stdout);
  const serveA = await startStrata(['serve', '--no-index'], a.env, /"port":(\d+)/);
  procs.push(serveA);
  for (const d of deployments) procs.push(await startStrata(['index'], d.env, /strata is indexing/));
  for (const d of deployments) await waitForIndexer(d, Number(await d.anvil.rpc<string>('eth_blockNumber')));

  const stream = await openNdjson(
    `http://127.0.0.1:${Number(serveA.match[1])}/rpc/Indexer/SubscribeBalanceUpdates`,
    { contractAddress: erc20 },
    { 'X-Access-Key': accessKey },
  );
  expect(stream.status).toBe(200);

  // Deployment B mints on its own chain; its events are published once its block is committed.
  const intruder = devWallet(b.anvil, 7).address.toLowerCase();
  await sendAndWait(b.tokens.erc20.mint(intruder, 777n));
  await waitForIndexer(b, Number(await b.anvil.rpc<string>('eth_blockNumber')));

  // A forger who knows A's namespace but not its secret.
  const namespace = await withDb(a, readDeploymentId);
  const forger = new Redis(REDIS_URL);
  const forged = [{ chainId: a.anvil.chainId, contract: erc20, contractType: 'ERC20', account: intruder, tokenId: '0', balance: '1', delta: '1', blockNumber: 1, blockHash: '0x00', reorged: false }];
  await forger.publish(`${channelPrefix(namespace)}balances`, JSON.stringify(forged));
  await forger.publish(`${channelPrefix(namespace)}balances`, `${'0'.repeat(64)}.${JSON.stringify(forged)}`);
  await forger.quit();

  // A's own mint, published after all of the above: the first message A's subscriber gets must be this one.
  const owner = devWallet(a.anvil, 5).address.toLowerCase();
  await sendAndWait(a.tokens.erc20.mint(owner, 123n));
  const msg = await stream.next();
  expect(msg.balance).toMatchObject({ contractAddress: erc20, accountAddress: owner, balance: '123' });
  stream.close();

  const metrics = await (
    await fetch(`http://127.0.0.1:${Number(serveA.match[1])}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  expect(metrics).toMatch(/strata_events_rejected_total 2/);
});
