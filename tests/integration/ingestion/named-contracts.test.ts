// A chain limited to the contracts a user names (CHAINS `contracts`): only their logs are fetched, from their
// deployment block; one added to the running indexer is backfilled alone while the head keeps being followed, then
// joins it; one removed stops, keeps its data, and `prune` deletes it. Finality comes from the node's finalized tag.
import { ChainCheckpointEntity, TransferEntity, WatchedContractEntity } from '../../../src/db';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { getReceipt, mineBlocks } from '../../helpers/chain-kit';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { startTestServer, type TestServer } from '../../helpers/server';
import { createWorkload, type Workload } from '../../helpers/workload';
import { PATIENCE_MS } from '../../helpers/patience';

const random = seededRandom();
/** The node's finalized block trails its head by 2 × 4 blocks, deeper than the 2 confirmations. */
const FINALITY_DEPTH = 8;
let anvil: Anvil;
let tokens: Tokens;
let workload: Workload;
let server: TestServer;
let erc20: string;
let erc721: string;

const deployedAt = async (contract: Tokens[keyof Tokens]) => (await getReceipt(anvil, contract.deploymentTransaction()!.hash))!.blockNumber;
const watched = (address: string) => server.app.db.getRepository(WatchedContractEntity).findOneByOrFail({ chainId: anvil.chainId, address });
const storedTransfers = (contract: string) => server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId, contract });

const waitForState = async (address: string, state: string, whileWaiting: () => Promise<void> = async () => undefined) => {
  const started = Date.now();
  for (;;) {
    // The ingester records configured contracts when it starts.
    const row = await server.app.db.getRepository(WatchedContractEntity).findOneBy({ chainId: anvil.chainId, address });
    if (row?.state === state) return row;
    if (Date.now() - started > PATIENCE_MS) throw new Error(`${address} stayed ${row?.state} for ${PATIENCE_MS} ms, waiting for ${state}`);
    await whileWaiting();
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  anvil = await startAnvil({ slotsInAnEpoch: FINALITY_DEPTH / 2 });
  // Blocks before the tokens exist: the deployment block is found by search, not assumed to be 0.
  await anvil.rpc('anvil_mine', ['0x14']);
  tokens = await deployTokens(anvil);
  [erc20, erc721] = [(await tokens.erc20.getAddress()).toLowerCase(), (await tokens.erc721.getAddress()).toLowerCase()];
  workload = createWorkload(tokens, Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address), random);
  await mineBlocks(anvil, workload.blocks(40, 8));
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2, maxLogRange: 16, contracts: [erc20] }]),
  });
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('indexes only the named contract, from its deployment block, with finality from the node', () =>
  withSeed(random, async () => {
    // The chain's cursor reaches the head first; the configured contract catches up on its own, then joins it.
    await waitForState(erc20, 'live');
    const head = await waitForCanonical(server.app.db, anvil);
    const { transfers } = await expectLedgerMatchesChain(server.app.db, anvil, { erc20: tokens.erc20 }, head);
    expect(transfers).toBeGreaterThan(50);
    expect(await storedTransfers(erc721)).toBe(0);

    const { body } = await server.graphql(
      '{ chains { chainId indexedBlock finalizedBlock finalitySource endpoints { state inUse head } contracts { address state fromConfig startBlock indexedBlock percent } } }',
      {},
      { 'X-Access-Key': (await server.createProject()).accessKey },
    );
    expect(body.errors).toBeUndefined();
    const [chain] = body.data.chains;
    expect(chain).toMatchObject({ indexedBlock: head, finalizedBlock: head - FINALITY_DEPTH, finalitySource: 'NODE' });
    expect(chain.endpoints).toEqual([expect.objectContaining({ state: 'HEALTHY', inUse: true })]);
    expect(chain.contracts).toEqual([
      { address: erc20, state: 'LIVE', fromConfig: true, startBlock: await deployedAt(tokens.erc20), indexedBlock: head, percent: 100 },
    ]);
  }),
);

it('backfills a contract added to the running indexer while the head is followed', () =>
  withSeed(random, async () => {
    // 512 more blocks: at most 16 per range and 4 ranges per round, its backfill takes rounds, between which the chain's
    // cursor must be followed (one quick range would leave nothing to observe).
    await anvil.rpc('anvil_mine', ['0x200']);
    const before = (await server.app.db.getRepository(ChainCheckpointEntity).findOneByOrFail({ chainId: anvil.chainId })).indexedBlock;
    await server.app.services.sources.add(anvil.chainId, erc721);
    // Blocks keep coming while it catches up; the chain's cursor must keep following them.
    let followedDuringBackfill = false;
    const indexed = async () => (await server.app.db.getRepository(ChainCheckpointEntity).findOneByOrFail({ chainId: anvil.chainId })).indexedBlock;
    await waitForState(erc721, 'live', async () => {
      if (followedDuringBackfill) return;
      await mineBlocks(anvil, workload.blocks(1, 6));
      // Under load the head may be followed only a moment later: watch for it while the backfill lasts.
      for (const started = Date.now(); Date.now() - started < PATIENCE_MS && (await watched(erc721)).state !== 'live'; ) {
        const cp = await indexed();
        // Pending (its start block being searched) is part of catching up too: the chain must not wait for either.
        if (cp > before && ['pending', 'backfilling'].includes((await watched(erc721)).state)) {
          followedDuringBackfill = true;
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    expect(followedDuringBackfill).toBe(true);
    expect((await watched(erc721)).startBlock).toBe(await deployedAt(tokens.erc721));

    await mineBlocks(anvil, workload.blocks(4, 8));
    const head = await waitForCanonical(server.app.db, anvil);
    await expectLedgerMatchesChain(server.app.db, anvil, { erc20: tokens.erc20, erc721: tokens.erc721 }, head);
  }),
);

it('stops a removed contract, keeps its data until pruned', () =>
  withSeed(random, async () => {
    await server.app.services.sources.remove(anvil.chainId, erc20);
    const removed = await waitForState(erc20, 'removed');
    const kept = await storedTransfers(erc20);
    expect(kept).toBeGreaterThan(0);

    await mineBlocks(anvil, workload.blocks(6, 8));
    const head = await waitForCanonical(server.app.db, anvil);
    // Nothing after its removal point; everything before it still there.
    expect(await storedTransfers(erc20)).toBe(kept);
    const last = await server.app.db.getRepository(TransferEntity).findOne({ where: { chainId: anvil.chainId, contract: erc20 }, order: { blockNumber: 'DESC' } });
    expect(last!.blockNumber).toBeLessThanOrEqual(removed.backfilledTo!);

    const result = await server.app.services.sources.prune(anvil.chainId);
    expect(result).toEqual({ chainId: anvil.chainId, pruned: [{ address: erc20, transfers: kept, balances: expect.any(Number) }], waiting: [] });
    await expectLedgerMatchesChain(server.app.db, anvil, { erc721: tokens.erc721 }, head);
    await expect(server.app.services.sources.list(anvil.chainId)).resolves.toEqual([expect.objectContaining({ address: erc721, state: 'live' })]);
  }),
);

it('refuses to name contracts on a chain that indexes all of them, and unknown ones', async () => {
  const whole = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl }]) }, { index: false });
  try {
    await expect(whole.app.services.sources.add(anvil.chainId, erc721)).rejects.toMatchObject({ kind: 'InvalidArgument' });
  } finally {
    await whole.stop();
  }
  await expect(server.app.services.sources.remove(anvil.chainId, `0x${'ab'.repeat(20)}`)).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(server.app.services.sources.add(anvil.chainId, 'not an address')).rejects.toMatchObject({ kind: 'InvalidArgument' });
});
