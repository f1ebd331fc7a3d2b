// Two endpoints of one chain (anvil behind two proxies): the preferred one goes down in the middle of the backfill,
// and later the other goes down while the head is followed. Ingestion moves between them and ends with exactly the
// node's state.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { mineBlocks } from '../../helpers/chain-kit';
import { startFaultyProxy, type FaultyProxy } from '../../helpers/faulty-proxy';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { createWorkload, type Workload } from '../../helpers/workload';

const random = seededRandom();
let anvil: Anvil;
let preferred: FaultyProxy;
let fallback: FaultyProxy;
let server: TestServer;
let tokens: Tokens;
let workload: Workload;

const served = (p: FaultyProxy) => p.stats.ok + p.stats.delay;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address), random);
  await mineBlocks(anvil, workload.blocks(60, 6));
  // The preferred endpoint answers its first eth_getLogs calls, then fails every one: an outage mid-backfill.
  preferred = await startFaultyProxy(anvil.rpcUrl, random, {
    methods: { eth_getLogs: { badGateway: 1 } },
    script: { eth_getLogs: ['ok', 'ok', 'ok'] },
  });
  fallback = await startFaultyProxy(anvil.rpcUrl, random);
  server = await startTestServer({
    // Everything below the confirmation depth is backfilled (no catch-up window followed block by block), in ranges
    // of 10 blocks: enough eth_getLogs calls for the outage to fall in the middle.
    CATCH_UP_PUBLISH_BLOCKS: '0',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, urls: [preferred.url, fallback.url], confirmations: 4, maxLogRange: 10 }]),
  });
});

afterAll(async () => {
  await server?.stop();
  await preferred?.close();
  await fallback?.close();
  await anvil?.stop();
});

it('backfills through an outage of the preferred endpoint to the exact state', () =>
  withSeed(random, async () => {
    const head = await waitForCanonical(server.app.db, anvil);
    const { transfers } = await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
    expect(transfers).toBeGreaterThan(500);
    // Both served the backfill: the preferred one until its outage, the other after.
    expect(preferred.faultsByMethod.get('eth_getLogs badGateway')).toBeGreaterThan(0);
    expect(served(fallback)).toBeGreaterThan(0);
  }),
);

it('follows the head through an outage of the other endpoint, back on the preferred one', () =>
  withSeed(random, async () => {
    preferred.setPlan({});
    fallback.setPlan({ badGateway: 1 });
    const before = served(preferred);
    for (let round = 0; round < 4; round++) {
      await mineBlocks(anvil, workload.blocks(3, 4));
      await new Promise((r) => setTimeout(r, 200));
    }
    const head = await waitForCanonical(server.app.db, anvil);
    await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
    expect(served(preferred)).toBeGreaterThan(before);
  }),
);
