// Prices from an operator's feed (PRICE_FEED_URL), through the published @0xsequence/indexer 3.0.13 SequenceIndexer
// and SequenceIndexerGateway, unchanged: the price methods, and priceUSD/balanceUSD of balances computed from
// balanceOf / eth_getBalance read from anvil. The feed is a local HTTP server started here; it is read once per TTL.
// A token id without an entry of its own takes its contract's entry, in the price methods as in balances.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { chainBalance, deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../helpers/chain-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexerGateway, SequenceIndexer } = require('@0xsequence/indexer-v3') as V3;

const ZERO = '0x0000000000000000000000000000000000000000';

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let feed: http.Server;
let feedReads = 0;
let erc20: string;
let erc1155: string;
let erc721: string;
let A: string;
let indexer: InstanceType<V3['SequenceIndexer']>;

/** USD value of `amount` (smallest unit) at `price` with `decimals`, the way a reader checks it: exact, 18 digits at most. */
const usd = (amount: bigint, decimals: number, price: string) => {
  const [w, f = ''] = price.split('.');
  const scaled = (amount * BigInt(w + f) * 10n ** 18n) / 10n ** BigInt(f.length + decimals);
  const text = scaled.toString().padStart(19, '0');
  const dec = text.slice(-18).replace(/0+$/, '');
  return dec ? `${text.slice(0, -18)}.${dec}` : text.slice(0, -18);
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  A = devWallet(anvil, 0).address.toLowerCase();
  erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  erc1155 = (await tokens.erc1155.getAddress()).toLowerCase();
  erc721 = (await tokens.erc721.getAddress()).toLowerCase();
  await sendAndWait(tokens.erc20.mint(A, 1234567891234567891234n));
  await sendAndWait(tokens.erc1155.mintBatch(A, [1n, 2n], [3n, 4n]));
  await sendAndWait(tokens.erc721.mint(A, 5n));
  const prices = [
    { chainId: anvil.chainId, contractAddress: erc20, priceUSD: '2.5', updatedAt: '2026-11-01T00:00:00Z' },
    { chainId: anvil.chainId, contractAddress: ZERO, priceUSD: 3012.75 },
    { chainId: anvil.chainId, contractAddress: erc1155, tokenId: '1', priceUSD: '0.125' },
    // The whole collection's price, which its other token ids fall back to.
    { chainId: anvil.chainId, contractAddress: erc1155, priceUSD: '0.5', updatedAt: '2026-11-02T00:00:00Z' },
    { chainId: anvil.chainId, contractAddress: 'not an address', priceUSD: '1' },
  ];
  feed = http.createServer((_req, res) => {
    feedReads++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ prices }));
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  const port = (feed.address() as AddressInfo).port;
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, name: 'alpha', url: anvil.rpcUrl, confirmations: 2 }]),
    PRICE_FEED_URL: `http://127.0.0.1:${port}/prices.json`,
    PRICE_FEED_ALLOW_HOSTS: `127.0.0.1:${port}`,
    PRICE_FEED_TTL_MS: '600000',
  });
  const key = (await server.createProject('prices')).accessKey;
  await waitForIndexed(server.app, anvil);
  indexer = new SequenceIndexer(`${server.url}/chains/alpha`, key);
  gateway = new SequenceIndexerGateway(server.url, key);
});

let gateway: InstanceType<V3['SequenceIndexerGateway']>;

afterAll(async () => {
  await server?.stop();
  feed?.closeAllConnections();
  await new Promise((r) => feed?.close(r));
  await anvil?.stop();
});

describe('prices from a configured feed', () => {
  it('GetTokenPrice, GetTokenPrices and ListTokenPrices answer from the feed (malformed entries left out)', async () => {
    expect(await indexer.getTokenPrice({ q: { contractAddress: erc20.toUpperCase().replace('0X', '0x') } })).toEqual({
      price: { contractAddress: erc20, priceUSD: '2.5', updatedAt: '2026-11-01T00:00:00Z' },
    });
    const r = await indexer.getTokenPrices({
      q: [{ contractAddress: ZERO }, { contractAddress: erc1155, tokenID: '1' }, { contractAddress: erc721, tokenID: '5' }, { contractAddress: erc1155 }],
    });
    expect(r.prices).toEqual([
      { contractAddress: ZERO, priceUSD: '3012.75' },
      { contractAddress: erc1155, tokenID: '1', priceUSD: '0.125' },
      { contractAddress: erc1155, priceUSD: '0.5', updatedAt: '2026-11-02T00:00:00Z' },
    ]);
    const list = await indexer.listTokenPrices({ page: { pageSize: 2 } });
    expect(list.prices.length).toBe(2);
    expect(list.page.more).toBe(true);
    const rest = await indexer.listTokenPrices({ page: list.page });
    expect([...list.prices, ...rest.prices].map((p) => p.contractAddress).sort()).toEqual([ZERO, erc20, erc1155, erc1155].sort());
    expect(rest.page.more).toBe(false);
  });

  it('a token id the feed does not price takes its contract’s price: GetTokenPrice, GetTokenPrices and the gateway’s, as balances do', async () => {
    // Token id 2 has no entry of its own; the answer names the token asked for, with the contract's price and time.
    const fallback = { contractAddress: erc1155, tokenID: '2', priceUSD: '0.5', updatedAt: '2026-11-02T00:00:00Z' };
    expect(await indexer.getTokenPrice({ q: { contractAddress: erc1155, tokenID: '2' } })).toEqual({ price: fallback });
    const many = await indexer.getTokenPrices({ q: [{ contractAddress: erc1155, tokenID: '2' }, { contractAddress: erc1155, tokenID: '1' }, { contractAddress: erc721, tokenID: '5' }] });
    expect(many.prices).toEqual([fallback, { contractAddress: erc1155, tokenID: '1', priceUSD: '0.125' }]);
    const one = await gateway.getTokenPrice({ q: { chainID: anvil.chainId, queries: [{ contractAddress: erc1155, tokenID: '2' }] } });
    expect(one.price).toEqual({ chainID: anvil.chainId, results: [fallback] });
    const gw = await gateway.getTokenPrices({ q: [{ chainID: anvil.chainId, queries: [{ contractAddress: erc1155, tokenID: '1' }, { contractAddress: erc1155, tokenID: '2' }] }] });
    expect(gw.prices).toEqual([{ chainID: anvil.chainId, results: [{ contractAddress: erc1155, tokenID: '1', priceUSD: '0.125' }, fallback] }]);

    // The balance of that token id carries the same price.
    const r = await indexer.getTokenBalances({ accountAddress: A, contractAddress: erc1155 });
    const item2 = r.balances.find((b) => b.tokenID === '2')!;
    expect(item2).toMatchObject({ priceUSD: many.prices[0].priceUSD, balanceUSD: usd(await chainBalance(tokens, 'erc1155', A, '2'), 0, '0.5') });
  });

  it('balances carry priceUSD and balanceUSD: balanceOf × price, scaled by the token’s decimals', async () => {
    const r = await indexer.getTokenBalances({ accountAddress: A });
    const gold = r.balances.find((b) => b.contractAddress === erc20)!;
    const onChain = await chainBalance(tokens, 'erc20', A, '0');
    expect(gold).toMatchObject({ balance: onChain.toString(), priceUSD: '2.5', balanceUSD: usd(onChain, 18, '2.5') });
    const item1 = r.balances.find((b) => b.contractAddress === erc1155 && b.tokenID === '1')!;
    expect(item1).toMatchObject({ priceUSD: '0.125', balanceUSD: usd(await chainBalance(tokens, 'erc1155', A, '1'), 0, '0.125') });
    // Token id 2 has no entry of its own: it takes the collection's.
    const item2 = r.balances.find((b) => b.contractAddress === erc1155 && b.tokenID === '2')!;
    expect(item2).toMatchObject({ priceUSD: '0.5', balanceUSD: usd(await chainBalance(tokens, 'erc1155', A, '2'), 0, '0.5') });
    // The feed prices nothing of the ERC-721 contract: neither field.
    const ape = r.balances.find((b) => b.contractAddress === erc721 && b.tokenID === '5')!;
    expect(ape).toBeDefined();
    expect(ape.priceUSD).toBeUndefined();
    expect(ape.balanceUSD).toBeUndefined();

    const native = await indexer.getNativeTokenBalance({ accountAddress: A });
    const wei = BigInt(await anvil.rpc<string>('eth_getBalance', [A, 'latest']));
    expect(native.balance).toMatchObject({ balance: wei.toString(), priceUSD: '3012.75', balanceUSD: usd(wei, 18, '3012.75') });
  });

  it('the gateway’s GetTokenPrice and GetTokenPrices, per chain', async () => {
    const one = await gateway.getTokenPrice({ q: { chainID: anvil.chainId, queries: [{ contractAddress: erc20 }] } });
    expect(one.price).toEqual({ chainID: anvil.chainId, results: [{ contractAddress: erc20, priceUSD: '2.5', updatedAt: '2026-11-01T00:00:00Z' }] });
    const many = await gateway.getTokenPrices({ q: [{ chainID: anvil.chainId, queries: [{ contractAddress: ZERO }] }] });
    expect(many.prices).toEqual([{ chainID: anvil.chainId, results: [{ contractAddress: ZERO, priceUSD: '3012.75' }] }]);
  });

  it('the feed was read once for all of the above (PRICE_FEED_TTL_MS)', () => {
    expect(feedReads).toBe(1);
  });
});
