// Across processes: `strata index` ingests, two `strata serve --no-index` replicas push its events through Redis.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { openNdjson } from '../../helpers/ndjson';
import { waitForCheckpoint } from '../../helpers/checkpoint';
import { startStrata, type StrataProcess } from '../../helpers/processes';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
let anvil: Anvil;
let db: TestDatabase;
let tokens: Tokens;
const procs: StrataProcess[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const p of procs) await p.stop();
  await anvil?.stop();
  await db?.drop();
});

it('delivers events ingested by one process to subscribers of other processes', async () => {
  const env = {
    ...db.env,
    REDIS_URL: 'redis://127.0.0.1:6379',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
  };
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'project', 'create', '--name', 'redis'], { env: { PATH: process.env.PATH, ...env } });
  const { accessKey } = JSON.parse(stdout);

  const replicas = [];
  for (let i = 0; i < 2; i++) {
    const p = await startStrata(['serve', '--no-index'], { ...env, PORT: '0', HOST: '127.0.0.1' }, /"port":(\d+)/);
    procs.push(p);
    replicas.push(Number(p.match[1]));
  }
  procs.push(await startStrata(['index'], { ...env, PORT: '0', HOST: '127.0.0.1' }, /strata is indexing/));

  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const streams = await Promise.all(
    replicas.map((port) => openNdjson(`http://127.0.0.1:${port}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: erc20 }, { 'X-Access-Key': accessKey })),
  );
  expect(streams.map((s) => s.status)).toEqual([200, 200]);
  await waitForCheckpoint(env, anvil.chainId, Number(await anvil.rpc<string>('eth_blockNumber')));

  const to = devWallet(anvil, 5).address.toLowerCase();
  await sendAndWait(tokens.erc20.mint(to, 123n));
  for (const s of streams) {
    let msg;
    do msg = await s.next();
    while (msg.balance.accountAddress !== to);
    expect(msg.balance).toMatchObject({ contractAddress: erc20, accountAddress: to, balance: '123', contractType: 'ERC20' });
    s.close();
  }
});
