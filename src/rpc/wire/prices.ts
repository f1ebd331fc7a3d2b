// Price methods' wire shapes (indexer.gen.ts / indexergw.gen.ts 3.0.13): `q` renamed into GraphQL's token lists,
// TokenPrice renamed into the published Price (`tokenID` and `updatedAt` omitted when unset).
import type { GetTokenPricesQuery } from '../generated/operations';
import { chainIdIn, obj, type Answered, type Body } from './common';

/** One TokenPriceQuery; anything that is not an object goes through for GraphQL to refuse. */
const tokenIn = (v: unknown) => {
  const q = obj(v);
  if (!q) return v;
  return { contractAddress: q.contractAddress, tokenId: q.tokenID === '' ? null : q.tokenID };
};

const listIn = (v: unknown) => (Array.isArray(v) ? v.map(tokenIn) : v === undefined || v === null ? [] : v);

export const getTokenPriceIn = (b: Body) => ({ chainID: chainIdIn(b.chainID), tokens: b.q === undefined || b.q === null ? [] : [tokenIn(b.q)] });
export const getTokenPricesIn = (b: Body) => ({ chainID: chainIdIn(b.chainID), tokens: listIn(b.q) });

/** A GatewayTokenPriceQuery `{chainID, queries}` as one chain's request. */
const chainRequestIn = (v: unknown) => {
  const q = obj(v);
  if (!q) return v;
  return { chainId: chainIdIn(q.chainID), tokens: listIn(q.queries) };
};

export const gatewayTokenPriceIn = (b: Body) => ({ requests: b.q === undefined || b.q === null ? [] : [chainRequestIn(b.q)] });
export const gatewayTokenPricesIn = (b: Body) => ({ requests: Array.isArray(b.q) ? b.q.map(chainRequestIn) : b.q ?? [] });

type Price = Answered<GetTokenPricesQuery>['tokenPrices'][number];

export const priceOut = (p: Price) => ({
  contractAddress: p.contractAddress,
  ...(p.tokenID !== null ? { tokenID: p.tokenID } : {}),
  priceUSD: p.priceUSD,
  ...(p.updatedAt ? { updatedAt: p.updatedAt } : {}),
});

/** A chain's GatewayPrice; prices come from one feed read, so a chain never fails alone (no errorReason). */
export const gatewayPriceOut = (c: { chainId: number; prices: Price[] }) => ({ chainID: c.chainId, results: c.prices.map(priceOut) });
