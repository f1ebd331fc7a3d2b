// Checks a MarketTxnEventTotal filter; every failure names the field (`filter.startDate`, …).
import { invalidArgument } from '../errors';
import { type Maybe, optionalAddressList, optionalId, requireUint256 } from '../validate';
import { requireDate } from './periods';
import type { DateInterval, MarketFilterInput } from './types';

/** Longest range per interval, in days (inclusive): about 3 years of days, 10 of weeks, 30 of months. */
export const MAX_RANGE_DAYS: Record<DateInterval, number> = { DAY: 1_096, WEEK: 3_653, MONTH: 10_958 };
export const MAX_COLLECTIONS = 200;

export type MarketQuery = {
  startDay: number;
  endDay: number;
  interval: DateInterval;
  /** Lower-case contract addresses; empty = the project's linked contracts. */
  collections: string[];
  tokenId: string | null;
  projectId: number | null;
  /** The `chainId` extension, still unresolved (the service resolves it against the configured chains). */
  chain: Maybe<string>;
};

export const parseMarketFilter = (filter: MarketFilterInput | null | undefined): MarketQuery => {
  if (!filter) throw invalidArgument('filter', 'is required');
  // Absent means DAY (the RPC maps the published clients' zero value and spellings to the enum: rpc/wire/analytics.ts).
  const interval = filter.dateInterval ?? 'DAY';
  const startDay = requireDate('filter.startDate', filter.startDate);
  const endDay = requireDate('filter.endDate', filter.endDate);
  if (endDay < startDay) throw invalidArgument('filter.endDate', 'must not be before startDate');
  const span = endDay - startDay + 1;
  if (span > MAX_RANGE_DAYS[interval]) {
    const hint = interval === 'MONTH' ? '' : ' (use a longer dateInterval for longer ranges)';
    throw invalidArgument('filter.endDate', `the range may span at most ${MAX_RANGE_DAYS[interval]} days with dateInterval ${interval}, not ${span}${hint}`);
  }
  const collections = [...new Set(optionalAddressList('filter.collections', filter.collections, MAX_COLLECTIONS))];
  const tokenId = filter.tokenId === undefined || filter.tokenId === null || filter.tokenId === '' ? null : requireUint256('filter.tokenId', filter.tokenId);
  const projectId = optionalId('filter.projectId', filter.projectId) ?? null;
  const chain = filter.chainId === '' ? null : (filter.chainId ?? null);
  return { startDay, endDay, interval, collections, tokenId, projectId, chain };
};
