// ExchangeRate: how many units of a currency one USD buys, with the `exchangeRate` query (X-Access-Key). USD is always
// 1; other currencies come from the price feed's `exchangeRates`. Without PRICE_FEED_URL it answers UNAVAILABLE.
import { builder } from '../builder';
import type { ExchangeRate } from '../../domain/prices/feed';

const ExchangeRateRef = builder.objectRef<ExchangeRate>('ExchangeRate').implement({
  description: 'An exchange rate from USD as the operator’s feed gives it.',
  fields: (t) => ({
    symbol: t.exposeString('symbol', { description: 'The currency’s symbol, upper-case (e.g. EUR).' }),
    name: t.exposeString('name', { description: 'The currency’s name; its symbol when the feed gives none.' }),
    value: t.exposeString('value', { description: 'Units of the currency per 1 USD, decimal.' }),
    vsCurrency: t.string({ description: 'Always USD: rates are from USD.', resolve: () => 'USD' }),
    currencyType: t.exposeString('currencyType', { description: 'As the feed says (fiat by default).' }),
  }),
});

builder.queryFields((t) => ({
  exchangeRate: t.field({
    nullable: true,
    type: ExchangeRateRef,
    description: 'How many units of `toCurrency` one USD buys (X-Access-Key); NOT_FOUND for a currency the feed has no rate for.',
    args: { toCurrency: t.arg.string({ required: true, description: 'A currency symbol, any case (USD, EUR, …).' }) },
    resolve: (_, args, ctx) => ctx.services.prices.exchangeRate(ctx.credentials, args.toCurrency),
  }),
}));
