// The Analytics service: market statistics, a GraphQL document (schema/rpc/Analytics.<Op>.graphql) plus renaming
// (rpc/wire/analytics.ts), no rules.
import type * as Ops from '../generated/operations';
import { marketStatsOut, marketTxnEventTotalIn } from '../wire/analytics';
import { entry, type RpcEntry } from './entry';

export const analyticsEntries = (): RpcEntry[] => [
  entry<Ops.MarketTxnEventTotalQuery>('Analytics', 'MarketTxnEventTotal', { variables: marketTxnEventTotalIn, reply: marketStatsOut }),
];
