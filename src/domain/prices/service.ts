// USD prices: the price methods (GetTokenPrice(s), ListTokenPrices) and the priceUSD/balanceUSD of balances, answered
// from the operator's feed. Strata has no price source of its own: without PRICE_FEED_URL the methods say so and the
// balance fields stay empty.
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument } from '../errors';
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { optionalTokenId, requireAddress } from '../validate';
import { priceIn, type ExchangeRate, type Price, type PriceFeed } from './feed';
import { usdValue } from './value';

type Maybe<T> = T | null | undefined;

export const PRICES_PAGE = { default: 50, max: 100, cursorTag: 'p1' };
export const MAX_PRICE_QUERIES = 100;

export type PriceQuery = { contractAddress: string; tokenId?: Maybe<string> };

/** A token on any configured chain (API/GetCoinPrices). */
export type CoinQuery = PriceQuery & { chainId: string };

/** One asked-for token with its price; `price` null when the feed does not price it. */
export type CoinPrice = { chainId: number; contractAddress: string; tokenId: string | null; price: Price | null; readAt: Date };

/** USD buys itself one for one; any other currency needs the feed's `exchangeRates`. */
const USD: ExchangeRate = { symbol: 'USD', name: 'US Dollar', value: '1', currencyType: 'fiat' };

export type PricesService = {
  /** Whether a feed is configured (the balance fields are filled only then). */
  configured: boolean;
  /**
   * The prices asked for on one chain, in the order asked (a token id without its own price answers its contract's, as
   * balances do: `priceIn`); a token the feed does not price is left out.
   */
  prices(creds: Credentials, req: { chainId?: Maybe<string>; queries: PriceQuery[] }): Promise<Price[]>;
  /** `prices` for several chains (the gateway's GetTokenPrices): one feed read, so they succeed or fail together. */
  pricesOnChains(creds: Credentials, reqs: Array<{ chainId: string; queries: PriceQuery[] }>): Promise<Array<{ chainId: number; prices: Price[] }>>;
  /** Prices of tokens on any configured chains, one answer per token in the order asked (one feed read). */
  coinPrices(creds: Credentials, tokens: CoinQuery[]): Promise<CoinPrice[]>;
  /** How many units of `toCurrency` one USD buys: USD itself, or the feed's `exchangeRates`. */
  exchangeRate(creds: Credentials, toCurrency: Maybe<string>): Promise<ExchangeRate>;
  /** Every price of one chain, ordered by contract then token id. */
  list(creds: Credentials, req: { chainId?: Maybe<string>; page?: Maybe<PageRequest> }): Promise<Page<Price>>;
  /**
   * A token's price for a balance field (a token id's own price, else its contract's); null without a feed, when the
   * feed does not price it, or cannot be read.
   */
  priceOf(chainId: number, contract: string, tokenId: string | null): Promise<Price | null>;
  /**
   * `balance` (smallest unit) × the token's price; null when there is no price or the token's decimals are unknown.
   * `decimals` is asked for only when there is a price (reading them may cost a chain call).
   */
  valueOf(chainId: number, contract: string, tokenId: string | null, balance: string, decimals: () => Promise<number | null>): Promise<string | null>;
};

const NO_SOURCE = 'no price source is configured on this server: set PRICE_FEED_URL to an HTTP JSON price feed (README: Prices)';

export const createPricesService = ({ auth, chains, feed }: { auth: AuthService; chains: ChainsService; feed: PriceFeed | null }): PricesService => {
  const table = async () => {
    if (!feed) throw new DomainError('Unavailable', NO_SOURCE);
    try {
      return await feed.read();
    } catch {
      throw new DomainError('Unavailable', 'the price feed (PRICE_FEED_URL) could not be read; try again later');
    }
  };
  const priceOf = async (chainId: number, contract: string, tokenId: string | null): Promise<Price | null> => {
    if (!feed) return null;
    try {
      return priceIn(await feed.read(), chainId, contract, tokenId);
    } catch {
      // A balance is still worth showing without its value; the price methods report the feed's failure.
      return null;
    }
  };
  return {
    configured: feed !== null,

    async prices(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chains.resolveOrOnly('chainId', req.chainId).chainId;
      if (req.queries.length > MAX_PRICE_QUERIES) throw invalidArgument('q', `must have at most ${MAX_PRICE_QUERIES} entries`);
      const tokens = req.queries.map((q, i) => ({
        contract: requireAddress(`q[${i}].contractAddress`, q.contractAddress),
        tokenId: optionalTokenId(`q[${i}].tokenId`, q.tokenId),
      }));
      const prices = await table();
      return tokens.map((t) => priceIn(prices, chainId, t.contract, t.tokenId)).filter((p): p is Price => p !== null);
    },

    async pricesOnChains(creds, reqs) {
      if (reqs.length > MAX_PRICE_QUERIES) throw invalidArgument('q', `must have at most ${MAX_PRICE_QUERIES} entries`);
      return Promise.all(
        reqs.map(async (r, i) => {
          const chainId = chains.resolve(`q[${i}].chainID`, r.chainId).chainId;
          return { chainId, prices: await this.prices(creds, { chainId: String(chainId), queries: r.queries }) };
        }),
      );
    },

    async coinPrices(creds, tokens) {
      await auth.requireAccessKey(creds);
      if (tokens.length > MAX_PRICE_QUERIES) throw invalidArgument('tokens', `must have at most ${MAX_PRICE_QUERIES} entries`);
      const asked = tokens.map((q, i) => ({
        chainId: chains.resolve(`tokens[${i}].chainId`, q.chainId).chainId,
        contractAddress: requireAddress(`tokens[${i}].contractAddress`, q.contractAddress),
        tokenId: optionalTokenId(`tokens[${i}].tokenId`, q.tokenId),
      }));
      const t = await table();
      return asked.map((a) => ({ ...a, price: priceIn(t, a.chainId, a.contractAddress, a.tokenId), readAt: t.readAt }));
    },

    async exchangeRate(creds, toCurrency) {
      await auth.requireAccessKey(creds);
      const symbol = typeof toCurrency === 'string' ? toCurrency.trim().toUpperCase() : '';
      if (!symbol) throw invalidArgument('toCurrency', 'is required (a currency symbol such as USD or EUR)');
      const t = await table();
      if (symbol === USD.symbol) return USD;
      const rate = t.rates.get(symbol);
      if (rate) return rate;
      const known = [USD.symbol, ...[...t.rates.keys()].sort()].join(', ');
      throw new DomainError('NotFound', `toCurrency: the price feed (PRICE_FEED_URL) has no exchange rate for ${symbol}; it has ${known}`, 'toCurrency');
    },

    async list(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chains.resolveOrOnly('chainId', req.chainId).chainId;
      const { prices } = await table();
      const rows = prices
        .filter((p) => p.chainId === chainId)
        .sort((a, b) => (a.contractAddress < b.contractAddress ? -1 : a.contractAddress > b.contractAddress ? 1 : (a.tokenId ?? '').localeCompare(b.tokenId ?? '')));
      const page = resolvePageRequest(req.page, PRICES_PAGE);
      const w = await offsetWindow(PRICES_PAGE.cursorTag, page, async () => rows.length);
      return offsetPage(PRICES_PAGE.cursorTag, rows.slice(w.offset, w.offset + w.limit), page, w, (p) => p);
    },

    priceOf,

    async valueOf(chainId, contract, tokenId, balance, decimals) {
      const p = await priceOf(chainId, contract, tokenId);
      if (!p) return null;
      const d = await decimals();
      return d === null ? null : usdValue(balance, d, p.priceUsd);
    },
  };
};
