// Plain shapes of market analytics: the request filter as sent, and the labelled values returned.

export type DateInterval = 'DAY' | 'WEEK' | 'MONTH';

/** The `filter` of MarketTxnEventTotal as a caller sends it; every field is checked by the service. */
export type MarketFilterInput = {
  projectId?: unknown;
  /** Accepted for wire compatibility; ignored (Strata has no ecosystems). */
  ecosystemId?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  dateInterval?: unknown;
  collections?: unknown;
  tokenId?: unknown;
  /** Accepted for wire compatibility (ALL, CREATED, RELATED); ignored. */
  projectType?: unknown;
  /** Strata extension: one configured chain (id or name); absent = every configured chain. */
  chainId?: unknown;
};

/** One period: `label` is its first day (YYYY-MM-DD, UTC), `value` the number of events in it. */
export type MarketStat = { label: string; value: number };

export type MarketStatsOptions = {
  /** GraphQL only: also list the periods without events, with value 0. */
  includeEmptyPeriods?: boolean | null;
};
