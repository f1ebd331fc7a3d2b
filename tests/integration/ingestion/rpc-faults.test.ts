// A node behind a proxy that fails (502, connection resets before or after the node answered), rate-limits (429)
// and delays a share of calls, plus a short outage: ingestion still converges to exactly the node's state.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { mineBlocks } from '../../helpers/chain-kit';
import { startFaultyProxy, type FaultPlan, type FaultyProxy } from '../../helpers/faulty-proxy';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { createWorkload, type Workload } from '../../helpers/workload';
import { ContractEntity } from '../../../src/db';

const FAULTS: FaultPlan = {
  badGateway: 0.07,
  resetBefore: 0.05,
  resetAfter: 0.05,
  rateLimit: 0.08,
  delay: 0.2,
  maxDelayMs: 150,
  // Backfill makes few eth_getLogs calls: every run meets these whatever the seed.
  script: { eth_getLogs: ['badGateway', 'resetAfter', 'rateLimit', 'resetBefore'] },
};
const random = seededRandom();

let anvil: Anvil;
let proxy: FaultyProxy;
let server: TestServer;
let tokens: Tokens;
let workload: Workload;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address), random);
  await mineBlocks(anvil, workload.blocks(60, 6));
  // Faulty from the first call: the ingester's connection attempts meet the faults too, and are retried.
  proxy = await startFaultyProxy(anvil.rpcUrl, random, FAULTS);
  // Small ranges and few confirmations: many eth_getLogs calls in backfill, many blocks followed live.
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: proxy.url, confirmations: 4, maxLogRange: 10 }]) });
});

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

it('backfills through failures, rate limits and delays to the exact state', () =>
  withSeed(random, async () => {
    const head = await waitForCanonical(server.app.db, anvil);
    const { transfers } = await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
    expect(transfers).toBeGreaterThan(500);
    const kinds = ['badGateway', 'resetBefore', 'resetAfter', 'rateLimit', 'delay'] as const;
    expect(kinds.filter((fault) => proxy.stats[fault] === 0)).toEqual([]);
    expect([...proxy.faultsByMethod.keys()].filter((k) => k.startsWith('eth_getLogs ')).length).toBeGreaterThanOrEqual(3);
  }),
);

it('follows the head through the same faults and an outage, to the exact state and contract basics', () =>
  withSeed(random, async () => {
    for (let round = 0; round < 5; round++) {
      await mineBlocks(anvil, workload.blocks(3, 4));
      if (round === 2) {
        // An outage: every call fails for a few seconds, through several retries.
        proxy.setPlan({ badGateway: 0.5, resetBefore: 0.5 });
        await new Promise((r) => setTimeout(r, 2_000));
        proxy.setPlan(FAULTS);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    const head = await waitForCanonical(server.app.db, anvil);
    await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
    const contracts = await server.app.db.getRepository(ContractEntity).findBy({ chainId: anvil.chainId });
    expect(contracts.map((c) => [c.type, c.name, c.symbol]).sort()).toEqual([
      ['ERC1155', '', ''],
      ['ERC20', 'Gold', 'GLD'],
      ['ERC721', 'Apes', 'APE'],
    ]);
    expect(proxy.stats.ok).toBeGreaterThan(0);
  }),
);
