// TokenPrice: a USD price from the operator's feed, with the `tokenPrices`, `tokenPriceList` and
// `multiChainTokenPrices` queries (X-Access-Key). Without PRICE_FEED_URL they answer UNAVAILABLE naming the setting.
import { builder } from '../builder';
import type { Price } from '../../domain/prices/feed';
import { CHAIN_ID_ARG } from './token-balance';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';

export const TokenPriceRef = builder.objectRef<Price>('TokenPrice').implement({
  description: 'A price as the operator’s feed gives it (PRICE_FEED_URL); the native coin is the zero address.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Lower-case hex; the zero address for the native coin.' }),
    tokenId: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'A collectible’s token id (also when it is priced by its contract’s entry); null for a price of the whole contract.',
      resolve: (p) => p.tokenId,
    }),
    priceUsd: t.exposeString('priceUsd', { description: 'USD per whole token (per 10^decimals of its smallest unit), decimal.' }),
    updatedAt: t.field({ type: 'Timestamp', nullable: true, description: 'When the feed says the price was set; null when it does not say.', resolve: (p) => p.updatedAt }),
  }),
});

const TokenPriceQueryInput = builder.inputType('TokenPriceQueryInput', {
  description: 'A token whose price is asked for.',
  fields: (t) => ({
    contractAddress: t.string({ required: true, description: 'The contract, any case; the zero address for the native coin.' }),
    tokenId: t.field({ type: 'BigInt', required: false, description: 'A collectible’s token id; absent for the contract’s own price.' }),
  }),
});

const ChainTokenPricesInput = builder.inputType('ChainTokenPricesInput', {
  description: 'Tokens of one chain whose prices are asked for.',
  fields: (t) => ({
    chainId: t.string({ required: true, description: 'Chain id or configured name.' }),
    tokens: t.field({ type: [TokenPriceQueryInput], required: true, description: 'At most 100.' }),
  }),
});

const ChainTokenPricesRef = builder.objectRef<{ chainId: number; prices: Price[] }>('ChainTokenPrices').implement({
  description: 'The prices asked for on one chain.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    prices: t.field({ type: [TokenPriceRef], description: 'In the order asked; a token the feed does not price is left out.', resolve: (c) => c.prices }),
  }),
});

const TokenPriceConnectionRef = connectionType(TokenPriceRef, 'TokenPrice', { description: 'A page of a chain’s prices.', count: 'Prices of the chain in the feed.' });

builder.queryFields((t) => ({
  tokenPrices: t.field({
    nullable: true,
    type: [TokenPriceRef],
    description:
      'The prices of some tokens of one chain, in the order asked; a token id without a price of its own answers its contract’s, as balances do, and a token the feed does not price is left out (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      tokens: t.arg({ type: [TokenPriceQueryInput], required: true, description: 'At most 100.' }),
    },
    resolve: (_, args, ctx) => ctx.services.prices.prices(ctx.credentials, { chainId: args.chainId, queries: args.tokens }),
  }),
  tokenPriceList: t.field({
    nullable: true,
    type: TokenPriceConnectionRef,
    description: 'Every price of one chain in the feed, by contract then token id; 50 per page by default, at most 100 (X-Access-Key).',
    args: { chainId: t.arg.string(CHAIN_ID_ARG), ...pagingArgs },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.prices.list(ctx.credentials, { chainId: args.chainId, page: pageOfArgs(args) })),
  }),
  multiChainTokenPrices: t.field({
    nullable: true,
    type: [ChainTokenPricesRef],
    description: 'tokenPrices for several chains at once, one entry per request (X-Access-Key).',
    args: { requests: t.arg({ type: [ChainTokenPricesInput], required: true, description: 'One per chain.' }) },
    resolve: (_, args, ctx) => ctx.services.prices.pricesOnChains(ctx.credentials, args.requests.map((r) => ({ chainId: r.chainId, queries: r.tokens }))),
  }),
}));
