// MarketQueryFilter and DateInterval: what a market analytics query counts, and over which periods.
import { builder } from '../builder';

export const DateIntervalRef = builder.enumType('DateInterval', {
  description: 'Period of a market statistic; labels are the period’s first day (UTC).',
  values: {
    DAY: { value: 'DAY', description: 'UTC calendar day' },
    WEEK: { value: 'WEEK', description: 'ISO week, starting on Monday' },
    MONTH: { value: 'MONTH', description: 'Calendar month (UTC)' },
  } as const,
});

export const MarketQueryFilter = builder.inputType('MarketQueryFilter', {
  description: 'What `marketTxnEventTotal` counts: the days, the period and the contracts (given, or those linked to a project’s collections).',
  fields: (t) => ({
    startDate: t.string({ required: true, description: 'First day counted, YYYY-MM-DD (UTC).' }),
    endDate: t.string({
      required: true,
      description: 'Last day counted, YYYY-MM-DD (UTC), inclusive: a range of at most 1,096 days for DAY, 3,653 for WEEK, 10,958 for MONTH.',
    }),
    dateInterval: t.field({ type: DateIntervalRef, required: false, description: 'DAY when absent.' }),
    collections: t.stringList({
      required: false,
      description: 'ERC-721/1155 contract addresses (any case). When empty, the contracts linked to the project’s hosted collections.',
    }),
    tokenId: t.field({ type: 'BigInt', required: false, description: 'Only this token id.' }),
    projectId: t.int({ required: false, description: 'Scopes an empty `collections` to the project; defaults to the bearer token’s project.' }),
    chainId: t.string({ required: false, description: 'Only this configured chain (id or name); every configured chain when absent.' }),
    ecosystemId: t.int({ required: false, description: 'Accepted for compatibility; ignored.' }),
    projectType: t.string({ required: false, description: 'Accepted for compatibility (ALL, CREATED, RELATED); ignored.' }),
  }),
});
