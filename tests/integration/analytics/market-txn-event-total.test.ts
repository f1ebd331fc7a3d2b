// Market analytics against a real anvil and real ingestion: sales counted per period, everything else not.
import type { Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { sendAndWait, waitForIndexed } from '../../helpers/chain-fixtures';
import { deployContract } from '../../helpers/solidity';
import { CollectionEntity, CollectionLinkEntity, MarketEventDayEntity, MarketEventEntity } from '../../../src/db';
import { backfillMarketEvents } from '../../../migrations/1763798400000-market-analytics';
import { PATIENCE_MS } from '../../helpers/patience';

const GENESIS = Date.UTC(2024, 0, 1) / 1000; // Monday 2024-01-01
const ETH = 10n ** 18n;

let anvil: Anvil;
let server: TestServer;
let erc20: Contract, apes: Contract, birds: Contract, items: Contract, market: Contract;
let A: string, B: string, ITEMS: string; // apes, birds, items addresses
let seller: string, buyer: string;

/** Mines what `send` sends in a block stamped `iso` (UTC). */
const at = async (iso: string, send: () => Promise<{ wait(): Promise<unknown> }>) => {
  await anvil.rpc('evm_setNextBlockTimestamp', [Date.parse(iso) / 1000]);
  await sendAndWait(send());
};

const QUERY = `query ($f: MarketQueryFilter!, $e: Boolean) { marketTxnEventTotal(filter: $f, includeEmptyPeriods: $e) { label value } }`;
const stats = async (filter: Record<string, unknown>, opts: { includeEmpty?: boolean; headers?: Record<string, string> } = {}) => {
  const res = await server.graphql(QUERY, { f: filter, e: opts.includeEmpty ?? false }, opts.headers);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.marketTxnEventTotal as Array<{ label: string; value: number }>;
};
const graphqlError = async (filter: Record<string, unknown>, headers?: Record<string, string>) => {
  const res = await server.graphql(QUERY, { f: filter }, headers);
  return res.body.errors?.[0];
};

const JAN_FEB = { startDate: '2024-01-01', endDate: '2024-02-29' };

beforeAll(async () => {
  anvil = await startAnvil({ args: ['--timestamp', String(GENESIS)] });
  const owner = devWallet(anvil, 0);
  const sellerWallet = devWallet(anvil, 1);
  const buyerWallet = devWallet(anvil, 2);
  [seller, buyer] = [sellerWallet.address, buyerWallet.address];
  erc20 = await deployContract(owner, 'TestERC20.sol', 'TestERC20', ['Gold', 'GLD', 18]);
  apes = await deployContract(owner, 'TestERC721.sol', 'TestERC721', ['Apes', 'APE']);
  birds = await deployContract(owner, 'TestERC721.sol', 'TestERC721', ['Birds', 'BRD']);
  items = await deployContract(owner, 'TestERC1155.sol', 'TestERC1155', ['ipfs://items/{id}.json']);
  market = await deployContract(owner, 'Marketplace.sol', 'Marketplace');
  [A, B, ITEMS] = await Promise.all([apes, birds, items].map((c) => c.getAddress()));
  const M = await market.getAddress();

  // Mints and approvals on 2024-01-01: none of them is a sale.
  for (let id = 1n; id <= 7n; id++) await sendAndWait(apes.mint(seller, id));
  await sendAndWait(birds.mint(seller, 1n));
  await sendAndWait(items.mint(seller, 7n, 100n));
  await sendAndWait(erc20.mint(buyer, 1000n * ETH));
  for (const nft of [apes, birds, items]) await sendAndWait((nft.connect(sellerWallet) as Contract).getFunction('setApprovalForAll')(M, true));
  await sendAndWait((erc20.connect(buyerWallet) as Contract).getFunction('approve')(M, 1000n * ETH));

  const buy = market.connect(buyerWallet) as Contract;
  const s = (name: string) => buy.getFunction(name);
  await at('2024-01-02T09:00:00Z', () => (erc20.connect(buyerWallet) as Contract).getFunction('transfer')(seller, ETH)); // ERC-20 only
  await at('2024-01-03T10:00:00Z', () => s('buyWithNative')(A, 1n, seller, { value: ETH }));
  await at('2024-01-03T15:00:00Z', () => s('buyWithERC20')(A, 2n, seller, erc20.target, 5n * ETH));
  await at('2024-01-04T09:00:00Z', () => s('buy1155WithERC20')(ITEMS, 7n, 5n, seller, erc20.target, 3n * ETH));
  await at('2024-01-04T10:00:00Z', () => s('buyWithNative')(B, 1n, seller, { value: ETH })); // paid, other collection
  await at('2024-01-04T11:00:00Z', () => (apes.connect(sellerWallet) as Contract).getFunction('transferFrom')(seller, buyer, 3n)); // plain transfer
  await at('2024-01-04T12:00:00Z', () => s('buyWithNative')(A, 6n, seller, { value: 0n })); // nothing paid
  await at('2024-01-05T12:00:00Z', () => s('buyWithERC20')(A, 5n, seller, erc20.target, 0n)); // zero ERC-20 payment
  await at('2024-01-05T13:00:00Z', () => (apes.connect(buyerWallet) as Contract).getFunction('transferFrom')(buyer, seller, 5n)); // back, unpaid
  await at('2024-01-08T08:00:00Z', () => s('buyWithNative')(A, 4n, seller, { value: 2n * ETH }));
  await at('2024-01-31T23:59:59Z', () => s('buyWithERC20')(A, 5n, seller, erc20.target, ETH));
  await anvil.rpc('anvil_mine', ['0x4']);

  // Ingestion backfills everything above; the February sale below arrives while it follows the head.
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, name: 'anvil', url: anvil.rpcUrl, confirmations: 2 }]) });
  await waitForIndexed(server.app, anvil);
  await at('2024-02-01T00:00:00Z', () => s('buy1155WithNative')(ITEMS, 7n, 2n, seller, { value: ETH }));
  await anvil.rpc('anvil_mine', ['0x1']);
  await waitForIndexed(server.app, anvil);
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('counts each sale once per day: native and ERC-20 payments, ERC-721 and ERC-1155', async () => {
  expect(await stats({ ...JAN_FEB, collections: [A, ITEMS] })).toEqual([
    { label: '2024-01-03', value: 2 },
    { label: '2024-01-04', value: 1 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-31', value: 1 },
    { label: '2024-02-01', value: 1 },
  ]);
});

it('leaves out mints, plain transfers, unpaid and zero-paid moves, and collections outside the filter', async () => {
  // 2024-01-01 holds every mint, 01-02 an ERC-20 transfer, 01-04 a paid sale of birds and an unpaid apes move, 01-05 zero-paid.
  expect(await stats({ startDate: '2024-01-01', endDate: '2024-01-02', collections: [A, B, ITEMS] })).toEqual([]);
  expect(await stats({ startDate: '2024-01-04', endDate: '2024-01-05', collections: [A] })).toEqual([]);
  expect(await stats({ ...JAN_FEB, collections: [B] })).toEqual([{ label: '2024-01-04', value: 1 }]);
  expect(await stats({ ...JAN_FEB, collections: [erc20.target] })).toEqual([]);
});

it('rolls up ISO weeks (Monday) and months, labelled by their first day', async () => {
  const filter = { ...JAN_FEB, collections: [A.toUpperCase().replace('0X', '0x'), ITEMS] };
  expect(await stats({ ...filter, dateInterval: 'WEEK' })).toEqual([
    { label: '2024-01-01', value: 3 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-29', value: 2 }, // Wednesday 31 Jan and Thursday 1 Feb share a week
  ]);
  expect(await stats({ ...filter, dateInterval: 'MONTH' })).toEqual([
    { label: '2024-01-01', value: 5 },
    { label: '2024-02-01', value: 1 },
  ]);
  // The range cuts periods: the week of 2024-01-01 keeps only Thursday the 4th.
  expect(await stats({ ...filter, startDate: '2024-01-04', endDate: '2024-01-31', dateInterval: 'WEEK' })).toEqual([
    { label: '2024-01-01', value: 1 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-29', value: 1 },
  ]);
  expect(await stats({ ...filter, endDate: '2024-02-04', dateInterval: 'WEEK' }, { includeEmpty: true })).toEqual([
    { label: '2024-01-01', value: 3 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-15', value: 0 },
    { label: '2024-01-22', value: 0 },
    { label: '2024-01-29', value: 2 },
  ]);
});

it('narrows to one token id', async () => {
  expect(await stats({ ...JAN_FEB, collections: [A, ITEMS], tokenId: '1' })).toEqual([{ label: '2024-01-03', value: 1 }]);
  expect(await stats({ ...JAN_FEB, collections: [A, ITEMS], tokenId: '7', dateInterval: 'MONTH' })).toEqual([
    { label: '2024-01-01', value: 1 },
    { label: '2024-02-01', value: 1 },
  ]);
  expect(await stats({ ...JAN_FEB, collections: [A], tokenId: '3' })).toEqual([]);
});

it('filters by chain when asked', async () => {
  expect(await stats({ ...JAN_FEB, collections: [B], chainId: 'anvil' })).toEqual([{ label: '2024-01-04', value: 1 }]);
  expect(await graphqlError({ ...JAN_FEB, collections: [B], chainId: '999' })).toMatchObject({
    extensions: { code: 'CHAIN_NOT_FOUND', field: 'filter.chainId' },
  });
});

it('scopes to the project’s linked collections when none are given; a bearer token must match the project', async () => {
  const owner = await server.createProject('market owner');
  const other = await server.createProject('someone else');
  const db = server.app.db;
  const now = new Date();
  const { identifiers } = await db
    .getRepository(CollectionEntity)
    .insert({ projectId: owner.projectId, name: 'Apes', description: '', image: null, externalLink: null, properties: null, private: false, createdAt: now, updatedAt: now });
  await db.getRepository(CollectionLinkEntity).insert({ chainId: anvil.chainId, contract: A.toLowerCase(), collectionId: Number(identifiers[0].id), createdAt: now });

  const apesOnly = [
    { label: '2024-01-03', value: 2 },
    { label: '2024-01-08', value: 1 },
    { label: '2024-01-31', value: 1 },
  ];
  expect(await stats({ ...JAN_FEB, projectId: owner.projectId })).toEqual(apesOnly);
  expect(await stats({ ...JAN_FEB, projectId: owner.projectId }, { headers: bearer(owner.bearerToken) })).toEqual(apesOnly);
  expect(await stats({ ...JAN_FEB }, { headers: bearer(owner.bearerToken) })).toEqual(apesOnly); // the token's project
  expect(await stats({ ...JAN_FEB, projectId: other.projectId })).toEqual([]); // no linked collections
  // Explicit collections win over the project's links.
  expect(await stats({ ...JAN_FEB, projectId: owner.projectId, collections: [B] })).toEqual([{ label: '2024-01-04', value: 1 }]);

  expect(await graphqlError({ ...JAN_FEB, projectId: owner.projectId }, bearer(other.bearerToken))).toMatchObject({ extensions: { code: 'PERMISSION_DENIED' } });
  expect(await graphqlError({ ...JAN_FEB, projectId: owner.projectId }, bearer('not-a-jwt'))).toMatchObject({ extensions: { code: 'UNAUTHORIZED' } });
  expect(await graphqlError({ ...JAN_FEB, projectId: 999_999 })).toMatchObject({ extensions: { code: 'PROJECT_NOT_FOUND' } });
});

it('answers the legacy RPC with {marketStats: [{value, label}]}', async () => {
  const res = await server.rpc('Analytics/MarketTxnEventTotal', {
    filter: { projectId: null, ecosystemId: null, ...JAN_FEB, dateInterval: 'MONTH', collections: [A, ITEMS], tokenId: null, projectType: 'ALL' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    marketStats: [
      { value: 5, label: '2024-01-01' },
      { value: 1, label: '2024-02-01' },
    ],
  });
  expect(Object.keys(res.body.marketStats[0])).toEqual(['value', 'label']);
});

it('drops the sales of a reorged branch', async () => {
  const march = { startDate: '2024-03-01', endDate: '2024-03-31', collections: [A] };
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  await at('2024-03-05T12:00:00Z', () => (market.connect(devWallet(anvil, 2)) as Contract).getFunction('buyWithNative')(A, 7n, seller, { value: ETH }));
  await waitForIndexed(server.app, anvil);
  expect(await stats(march)).toEqual([{ label: '2024-03-05', value: 1 }]);

  await anvil.rpc('evm_revert', [snapshot]);
  await anvil.rpc('anvil_mine', ['0x3']); // a longer branch without the sale
  await waitForIndexed(server.app, anvil);
  let after = await stats(march);
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && after.length; ) {
    await new Promise((r) => setTimeout(r, 100));
    after = await stats(march);
  }
  expect(after).toEqual([]);
  expect(await server.app.db.getRepository(MarketEventDayEntity).countBy({ chainId: anvil.chainId, day: Date.UTC(2024, 2, 5) / 86_400_000 })).toBe(0);
  expect(await stats({ ...JAN_FEB, collections: [A, ITEMS], dateInterval: 'MONTH' })).toEqual([
    { label: '2024-01-01', value: 5 },
    { label: '2024-02-01', value: 1 },
  ]);
});

it('the migration’s SQL backfill and ingestion agree row for row', async () => {
  const db = server.app.db;
  const read = async () => ({
    events: await db.getRepository(MarketEventEntity).find({ order: { chainId: 'ASC', blockNumber: 'ASC', logIndex: 'ASC', batchIndex: 'ASC' } }),
    days: await db.getRepository(MarketEventDayEntity).find({ order: { chainId: 'ASC', contract: 'ASC', day: 'ASC' } }),
  });
  const ingested = await read();
  expect(ingested.events).toHaveLength(7);
  const q = db.createQueryRunner();
  try {
    await q.startTransaction();
    await q.query('DELETE FROM market_event_days');
    await q.query('DELETE FROM market_events');
    await backfillMarketEvents(q);
    const rebuilt = {
      events: await q.manager.getRepository(MarketEventEntity).find({ order: { chainId: 'ASC', blockNumber: 'ASC', logIndex: 'ASC', batchIndex: 'ASC' } }),
      days: await q.manager.getRepository(MarketEventDayEntity).find({ order: { chainId: 'ASC', contract: 'ASC', day: 'ASC' } }),
    };
    await q.commitTransaction();
    expect(rebuilt).toEqual(ingested);
  } finally {
    if (q.isTransactionActive) await q.rollbackTransaction();
    await q.release();
  }
});
