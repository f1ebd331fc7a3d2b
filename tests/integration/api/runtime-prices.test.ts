// The API service's runtime and price methods through the published @0xsequence/api clients, unchanged: 3.0.9 (ESM,
// required through jest's transform) and the pinned 2.1.4. Prices come from an operator's feed served here over HTTP;
// a second server without PRICE_FEED_URL answers Unavailable naming the setting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SequenceAPIClient as ApiV2 } from '@0xsequence/api';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { rejectionOf } from '../../helpers/rejection';
import { startTestServer, type TestServer } from '../../helpers/server';
type V3 = typeof import('@0xsequence/api-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceAPIClient, NotFoundError, UnavailableError, InvalidArgumentError, UnauthorizedError } = require('@0xsequence/api-v3') as V3;

const ZERO = '0x0000000000000000000000000000000000000000';
const TOKEN = '0x00000000000000000000000000000000000000aa';
const NFT = '0x00000000000000000000000000000000000000bb';

let anvil: Anvil;
let priced: TestServer;
let bare: TestServer;
let feed: http.Server;
let api: InstanceType<V3['SequenceAPIClient']>;
let apiV2: ApiV2;
let bareApi: InstanceType<V3['SequenceAPIClient']>;

beforeAll(async () => {
  anvil = await startAnvil();
  const doc = {
    prices: [
      { chainId: anvil.chainId, contractAddress: ZERO, priceUSD: '3012.75', updatedAt: '2026-11-01T00:00:00Z' },
      { chainId: anvil.chainId, contractAddress: TOKEN, priceUSD: 1.25 },
      { chainId: anvil.chainId, contractAddress: NFT, priceUSD: '0.5' },
    ],
    exchangeRates: [
      { symbol: 'eur', value: '0.92', name: 'Euro' },
      { symbol: 'BAD', value: 'lots' },
    ],
  };
  feed = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  const port = (feed.address() as AddressInfo).port;
  const chains = JSON.stringify([{ chainId: anvil.chainId, name: 'alpha', url: anvil.rpcUrl }]);
  priced = await startTestServer(
    { CHAINS: chains, PRICE_FEED_URL: `http://127.0.0.1:${port}/prices.json`, PRICE_FEED_ALLOW_HOSTS: `127.0.0.1:${port}` },
    { index: false },
  );
  bare = await startTestServer({ CHAINS: chains }, { index: false });
  const key = (await priced.createProject('api')).accessKey;
  api = new SequenceAPIClient(priced.url, key);
  apiV2 = new ApiV2(priced.url, key);
  bareApi = new SequenceAPIClient(bare.url, (await bare.createProject('bare')).accessKey);
});
afterAll(async () => {
  await priced?.stop();
  await bare?.stop();
  feed?.closeAllConnections();
  await new Promise((r) => feed?.close(r));
  await anvil?.stop();
});

describe('API runtime methods', () => {
  it('Ping and Version answer from this server (3.0.9 and 2.1.4)', async () => {
    expect(await api.ping()).toEqual({ status: true });
    expect(await apiV2.ping()).toEqual({ status: true });
    const { version } = await api.version();
    expect(version).toEqual({ webrpcVersion: 'v1', schemaVersion: expect.any(String), schemaHash: expect.stringMatching(/^[0-9a-f]{40}$/), appVersion: expect.any(String) });
    expect(version.appVersion.startsWith(version.schemaVersion)).toBe(true);
    expect((await apiV2.version()).version).toEqual(version);
  });

  it('RuntimeStatus reports the database and the chain’s node as read now', async () => {
    const { status } = await api.runtimeStatus();
    expect(status).toMatchObject({ healthOK: true, uptime: expect.any(Number), ver: expect.any(String), numTxnsRelayed: {} });
    expect(Date.parse(status.startTime)).toBeLessThanOrEqual(Date.now());
    expect(status.checks).toEqual({ database: true, chains: { [String(anvil.chainId)]: { nodeAnswers: true, errorReason: null, lag: null } } });
    // It needs the project's access key.
    expect(await rejectionOf(new SequenceAPIClient(priced.url).runtimeStatus())).toBeInstanceOf(UnauthorizedError);
  });

  it('Clock is the server’s time', async () => {
    const before = Date.now();
    const { serverTime } = await api.clock();
    const after = Date.now();
    const t = Date.parse(serverTime);
    // Same machine, same clock: the server read it between the request and the reply (to the millisecond written).
    expect(t).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(t).toBeLessThanOrEqual(after);
    expect((await apiV2.clock()).serverTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('API price methods from the feed', () => {
  it('GetCoinPrices answers every token asked, in order, priced when the feed prices it', async () => {
    const r = await api.getCoinPrices({
      tokens: [
        { chainId: anvil.chainId, contractAddress: TOKEN.toUpperCase().replace('0X', '0x') },
        { chainId: anvil.chainId, contractAddress: ZERO },
        { chainId: anvil.chainId, contractAddress: NFT, tokenId: '7' },
        { chainId: anvil.chainId, contractAddress: '0x00000000000000000000000000000000000000cc' },
      ],
    });
    const zero = { value: 0, currency: '' };
    expect(r.tokenPrices).toEqual([
      { token: { chainId: anvil.chainId, contractAddress: TOKEN }, price: { value: 1.25, currency: 'USD' }, floorPrice: zero, buyPrice: zero, sellPrice: zero, updatedAt: expect.any(String) },
      { token: { chainId: anvil.chainId, contractAddress: ZERO }, price: { value: 3012.75, currency: 'USD' }, floorPrice: zero, buyPrice: zero, sellPrice: zero, updatedAt: '2026-11-01T00:00:00Z' },
      // A token id without its own entry takes its contract's price.
      { token: { chainId: anvil.chainId, contractAddress: NFT, tokenId: '7' }, price: { value: 0.5, currency: 'USD' }, floorPrice: zero, buyPrice: zero, sellPrice: zero, updatedAt: expect.any(String) },
      { token: { chainId: anvil.chainId, contractAddress: '0x00000000000000000000000000000000000000cc' }, floorPrice: zero, buyPrice: zero, sellPrice: zero, updatedAt: expect.any(String) },
    ]);
    const v2 = await apiV2.getCoinPrices({ tokens: [{ chainId: anvil.chainId, contractAddress: ZERO }] });
    expect(v2.tokenPrices[0].price).toEqual({ value: 3012.75, currency: 'USD' });
  });

  it('GetCoinPrices refuses a bad address or an unknown chain, naming the field', async () => {
    const bad = await rejectionOf<InstanceType<V3['WebrpcError']>>(api.getCoinPrices({ tokens: [{ chainId: anvil.chainId, contractAddress: 'nope' }] }));
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect(bad.message).toMatch(/tokens\[0\]\.contractAddress/);
    const chain = await rejectionOf<InstanceType<V3['WebrpcError']>>(api.getCoinPrices({ tokens: [{ chainId: 999999, contractAddress: ZERO }] }));
    expect(chain.message).toMatch(/tokens\[0\]\.chainId/);
  });

  it('GetExchangeRate: USD is 1, EUR from the feed, an unknown currency NotFound naming what there is', async () => {
    expect(await api.getExchangeRate({ toCurrency: 'usd' })).toEqual({
      exchangeRate: { name: 'US Dollar', symbol: 'USD', value: 1, vsCurrency: 'USD', currencyType: 'fiat' },
    });
    expect(await apiV2.getExchangeRate({ toCurrency: 'EUR' })).toEqual({
      exchangeRate: { name: 'Euro', symbol: 'EUR', value: 0.92, vsCurrency: 'USD', currencyType: 'fiat' },
    });
    const e = await rejectionOf<InstanceType<V3['WebrpcError']>>(api.getExchangeRate({ toCurrency: 'BAD' }));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.message).toMatch(/no exchange rate for BAD; it has USD, EUR/);
  });
});

describe('without a price source', () => {
  it('GetCoinPrices and GetExchangeRate answer Unavailable naming PRICE_FEED_URL; the runtime methods still answer', async () => {
    for (const call of [bareApi.getCoinPrices({ tokens: [{ chainId: anvil.chainId, contractAddress: ZERO }] }), bareApi.getExchangeRate({ toCurrency: 'USD' })]) {
      const e = await rejectionOf<InstanceType<V3['WebrpcError']>>(call);
      expect(e).toBeInstanceOf(UnavailableError);
      expect(e.message).toMatch(/PRICE_FEED_URL/);
    }
    expect(await bareApi.ping()).toEqual({ status: true });
    expect((await bareApi.clock()).serverTime).toMatch(/^\d{4}-/);
  });
});
