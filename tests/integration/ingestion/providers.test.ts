// Ingestion through hosted-provider behaviour (provider-emulator.ts) in front of one anvil: result-count caps with a
// suggested range, block-range caps, response-size caps, 429s with and without Retry-After, -32005 limit errors,
// 503 bursts, a node behind the chain and a log index behind the head. Under each profile Strata backfills, then
// follows the head, and ends with exactly the node's transfers and balances; the profile's refusals are shown to have
// happened.
import { ChainCheckpointEntity } from '../../../src/db';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { mineBlocks } from '../../helpers/chain-kit';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { PROVIDER_PROFILES, startProviderEmulator, type ProviderEmulator } from '../../helpers/provider-emulator';
import { seededRandom, withSeed } from '../../helpers/random';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createWorkload, type Workload } from '../../helpers/workload';

const random = seededRandom();
let anvil: Anvil;
let tokens: Tokens;
let workload: Workload;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address), random);
  await mineBlocks(anvil, workload.blocks(40, 8));
});

afterAll(async () => {
  await anvil?.stop();
});

/** Indexes the chain through `urls`, then mines more blocks while the head is followed; the state must be exact at both points. */
const indexThrough = async (urls: string[], extra: Record<string, unknown> = {}) => {
  let server: TestServer | undefined;
  try {
    server = await startTestServer({
      CHAINS: JSON.stringify([{ chainId: anvil.chainId, urls, confirmations: 3, maxLogRange: 40, ...extra }]),
    });
    let head = await waitForCanonical(server.app.db, anvil);
    await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
    // Finality: the node's finalized block where it has one (this anvil's is its head), else the confirmations alone.
    const cp = await server.app.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
    expect(cp).toMatchObject({ finalizedBlock: head - 3, finalitySource: urls.some((u) => noTag.has(u)) ? 'confirmations' : 'node' });
    for (let round = 0; round < 3; round++) {
      await mineBlocks(anvil, workload.blocks(3, 8));
      await new Promise((r) => setTimeout(r, 150));
    }
    head = await waitForCanonical(server.app.db, anvil);
    return await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
  } finally {
    await server?.stop();
  }
};

/** Endpoints that refuse the finalized tag. */
const noTag = new Set<string>();

const emulating = async <T>(profile: string, run: (provider: ProviderEmulator) => Promise<T>): Promise<T> => {
  const provider = await startProviderEmulator(anvil.rpcUrl, PROVIDER_PROFILES[profile]);
  if (PROVIDER_PROFILES[profile].noFinalizedTag) noTag.add(provider.url);
  try {
    return await run(provider);
  } finally {
    await provider.close();
  }
};

it.each<[string, string[]]>([
  ['infura', ['maxLogs', 'rateLimit']],
  ['alchemy', ['maxLogs', 'rateLimit']],
  ['infura-range', ['maxBlockRange']],
  ['quicknode', ['maxBlockRange']],
  ['ankr', ['maxBlockRange']],
  ['1rpc', ['maxResponseBytes', 'rateLimit']],
  ['busy-gateway', ['outage']],
  ['unindexed-logs', ['hidden']],
  ['no-finalized-tag', ['noFinalizedTag']],
])('converges to the exact state through the %s profile', (profile, refusals) =>
  withSeed(random, () =>
    emulating(profile, async (provider) => {
      const { transfers } = await indexThrough([provider.url]);
      expect(transfers).toBeGreaterThan(300);
      for (const r of refusals) expect(provider.counts.get(r)).toBeGreaterThan(0);
    }),
  ),
);

it('leaves a lagging endpoint aside and converges through the other', () =>
  withSeed(random, () =>
    emulating('lagging', async (lagging) =>
      emulating('infura', async (infura) => {
        await indexThrough([lagging.url, infura.url], { maxLagBlocks: 1, headProbeMs: 200 });
        expect(lagging.counts.get('hidden')).toBeGreaterThan(0);
        expect(infura.counts.get('forwarded')).toBeGreaterThan(0);
      }),
    ),
  ),
);
