// CoinPrice: one asked-for token on any configured chain with its feed price, with the `coinPrices` query (X-Access-Key).
// Without PRICE_FEED_URL it answers UNAVAILABLE naming the setting.
import { builder } from '../builder';
import type { CoinPrice } from '../../domain/prices/service';
import { TokenPriceRef } from './token-price';

const CoinPriceTokenInput = builder.inputType('CoinPriceTokenInput', {
  description: 'A token on one of the configured chains.',
  fields: (t) => ({
    chainId: t.string({ required: true, description: 'Chain id or configured name.' }),
    contractAddress: t.string({ required: true, description: 'The contract, any case; the zero address for the native coin.' }),
    tokenId: t.field({ type: 'BigInt', required: false, description: 'A collectible’s token id; absent for the contract’s own price.' }),
  }),
});

const CoinPriceRef = builder.objectRef<CoinPrice>('CoinPrice').implement({
  description: 'A token as asked for, with its price from the operator’s feed when the feed prices it.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'The token id asked for; null when none was.', resolve: (c) => c.tokenId }),
    price: t.field({
      type: TokenPriceRef,
      nullable: true,
      description: 'Its price (a token id without its own falls back to its contract’s); null when the feed does not price it.',
      resolve: (c) => c.price,
    }),
    readAt: t.field({ type: 'Timestamp', description: 'When this server read the feed that answered.', resolve: (c) => c.readAt }),
  }),
});

builder.queryFields((t) => ({
  coinPrices: t.field({
    nullable: true,
    type: [CoinPriceRef],
    description: 'Prices of tokens on any configured chains, one answer per token in the order asked; at most 100 (X-Access-Key).',
    args: { tokens: t.arg({ type: [CoinPriceTokenInput], required: true, description: 'At most 100.' }) },
    resolve: (_, args, ctx) => ctx.services.prices.coinPrices(ctx.credentials, args.tokens),
  }),
}));
