// The operator's price feed (PRICE_FEED_URL): one HTTP JSON document of USD prices, fetched through the safe fetcher,
// kept for PRICE_FEED_TTL_MS, and shared by concurrent readers. Format (README: Prices):
//   {"prices": [{"chainId": 1, "contractAddress": "0x…", "tokenId": "7"?, "priceUSD": "1.25", "updatedAt": "…"?}]}
// (or the list alone). The native coin of a chain is the zero address. Malformed entries are skipped, not guessed at.
// The object form may also carry exchange rates from USD (API/GetExchangeRate):
//   "exchangeRates": [{"symbol": "EUR", "value": "0.92", "name": "Euro"?, "currencyType": "fiat"?}]   (EUR per 1 USD)
import type { SafeFetcher } from '../../web';
import { NATIVE_CONTRACT } from '../../chain';

export type Price = { chainId: number; contractAddress: string; tokenId: string | null; priceUsd: string; updatedAt: Date | null };

/** How many units of `symbol` one USD buys, as the feed gives it. */
export type ExchangeRate = { symbol: string; name: string; value: string; currencyType: string };

/** Prices by `chainId:contract:tokenId` ('' for no token id); exchange rates by upper-case symbol. */
export type PriceTable = { prices: Price[]; byKey: Map<string, Price>; rates: Map<string, ExchangeRate>; readAt: Date };

export const priceKey = (chainId: number, contract: string, tokenId: string | null) => `${chainId}:${contract.toLowerCase()}:${tokenId ?? ''}`;

/**
 * The price of one token in a table: its own entry, else, for a token id, its contract's entry (token ids fall back to
 * the price of their whole contract; README: Prices). A fallback answer names the token id asked for. The price methods
 * and the balance fields both look prices up here.
 */
export const priceIn = (table: Pick<PriceTable, 'byKey'>, chainId: number, contract: string, tokenId: string | null): Price | null => {
  const own = table.byKey.get(priceKey(chainId, contract, tokenId));
  if (own) return own;
  if (tokenId === null) return null;
  const whole = table.byKey.get(priceKey(chainId, contract, null));
  return whole ? { ...whole, tokenId } : null;
};

/** The native coin's entry in the feed: the address native transfers name as their contract. */
export const NATIVE_COIN = NATIVE_CONTRACT;

const DECIMAL = /^\d{1,40}(\.\d{1,36})?$/;

const priceOf = (v: unknown): Price | null => {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  const chainId = typeof e.chainId === 'string' && /^\d+$/.test(e.chainId) ? Number(e.chainId) : e.chainId;
  const address = typeof e.contractAddress === 'string' ? e.contractAddress.trim().toLowerCase() : '';
  const raw = e.priceUSD ?? e.priceUsd;
  const price = typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const tokenId = e.tokenId ?? e.tokenID;
  const id = tokenId === undefined || tokenId === null || tokenId === '' ? null : String(tokenId);
  const at = typeof e.updatedAt === 'string' ? new Date(e.updatedAt) : null;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) return null;
  if (!/^0x[0-9a-f]{40}$/.test(address) || !DECIMAL.test(price) || (id !== null && !/^\d{1,78}$/.test(id))) return null;
  return { chainId, contractAddress: address, tokenId: id === null ? null : BigInt(id).toString(), priceUsd: price, updatedAt: at && !isNaN(at.getTime()) ? at : null };
};

export const parsePriceFeed = (text: string): Price[] => {
  const doc = JSON.parse(text) as unknown;
  const list = Array.isArray(doc) ? doc : doc && typeof doc === 'object' ? (doc as { prices?: unknown }).prices : undefined;
  if (!Array.isArray(list)) throw new Error('the feed is neither a list of prices nor an object with a "prices" list');
  return list.map(priceOf).filter((p): p is Price => p !== null);
};

const rateOf = (v: unknown): ExchangeRate | null => {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  const symbol = typeof e.symbol === 'string' ? e.symbol.trim().toUpperCase() : '';
  const value = typeof e.value === 'number' && Number.isFinite(e.value) && e.value > 0 ? String(e.value) : typeof e.value === 'string' ? e.value.trim() : '';
  if (!/^[A-Z0-9]{1,12}$/.test(symbol) || !DECIMAL.test(value) || !/[1-9]/.test(value)) return null;
  const text = (x: unknown, fallback: string) => (typeof x === 'string' && x.trim() ? x.trim().slice(0, 100) : fallback);
  return { symbol, value, name: text(e.name, symbol), currencyType: text(e.currencyType, 'fiat') };
};

/** The feed's exchange rates (an object feed's optional `exchangeRates` list); malformed entries are skipped. */
export const parseExchangeRates = (text: string): ExchangeRate[] => {
  const doc = JSON.parse(text) as unknown;
  const list = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as { exchangeRates?: unknown }).exchangeRates : undefined;
  return Array.isArray(list) ? list.map(rateOf).filter((r): r is ExchangeRate => r !== null) : [];
};

export type PriceFeed = { read(): Promise<PriceTable> };

export const createPriceFeed = ({ url, ttlMs, fetcher }: { url: string; ttlMs: number; fetcher: Pick<SafeFetcher, 'fetchText'> }): PriceFeed => {
  let last: { at: number; table: Promise<PriceTable> } | null = null;
  const load = async (): Promise<PriceTable> => {
    const { body } = await fetcher.fetchText(url);
    const prices = parsePriceFeed(body);
    const rates = new Map(parseExchangeRates(body).map((r) => [r.symbol, r]));
    return { prices, byKey: new Map(prices.map((p) => [priceKey(p.chainId, p.contractAddress, p.tokenId), p])), rates, readAt: new Date() };
  };
  return {
    read() {
      if (last && Date.now() - last.at < ttlMs) return last.table;
      const table = load();
      const entry = { at: Date.now(), table };
      last = entry;
      // A failed read is not kept: the next request tries again.
      table.catch(() => {
        if (last === entry) last = null;
      });
      return table;
    },
  };
};
