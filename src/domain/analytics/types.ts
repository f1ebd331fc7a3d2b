// Plain shapes of market analytics: the request filter as sent, and the labelled values returned.
import type { Maybe } from '../validate';

export type DateInterval = 'DAY' | 'WEEK' | 'MONTH';

/** The `filter` of MarketTxnEventTotal as GraphQL types it; the service checks each field's rules. */
export type MarketFilterInput = {
  projectId?: Maybe<number>;
  /** Accepted for wire compatibility; ignored (Strata has no ecosystems). */
  ecosystemId?: Maybe<number>;
  /** Required (checked by the service, which names `filter.startDate`); YYYY-MM-DD. */
  startDate?: Maybe<string>;
  endDate?: Maybe<string>;
  dateInterval?: Maybe<DateInterval>;
  collections?: Maybe<string[]>;
  tokenId?: Maybe<string>;
  /** Accepted for wire compatibility (ALL, CREATED, RELATED); ignored. */
  projectType?: Maybe<string>;
  /** Strata extension: one configured chain (id or name); absent = every configured chain. */
  chainId?: Maybe<string>;
};

/** One period: `label` is its first day (YYYY-MM-DD, UTC), `value` the number of events in it. */
export type MarketStat = { label: string; value: number };

export type MarketStatsOptions = {
  /** GraphQL only: also list the periods without events, with value 0. */
  includeEmptyPeriods?: boolean | null;
};
