// MarketStat: one labelled value of a market statistic, with the market analytics query (no credential needed).
import { builder } from '../builder';
import type { MarketStat } from '../../domain/analytics/types';
import { MarketQueryFilter } from './market-query-filter';

export const MarketStatRef = builder.objectRef<MarketStat>('MarketStat').implement({
  description: 'One period of a market statistic.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'First day of the period, YYYY-MM-DD (UTC).' }),
    value: t.exposeFloat('value', { description: 'The statistic for the period (a whole number for event counts).' }),
  }),
});

builder.queryFields((t) => ({
  marketTxnEventTotal: t.field({
    nullable: true,
    type: [MarketStatRef],
    description:
      'Market transaction events (sales: an ERC-721/1155 token moving between two non-zero addresses in a transaction that also pays, in native value or an ERC-20 transfer) per period, oldest first. A bearer token is optional; when sent it must be valid and belong to `projectId`.',
    args: {
      filter: t.arg({ type: MarketQueryFilter, required: true, description: 'What to count, over which days and periods.' }),
      includeEmptyPeriods: t.arg.boolean({ defaultValue: false, description: 'Also list the periods without events, with value 0.' }),
    },
    resolve: (_, { filter, includeEmptyPeriods }, ctx) =>
      ctx.services.analytics.marketTxnEventTotal(ctx.credentials, filter, { includeEmptyPeriods }),
  }),
}));
