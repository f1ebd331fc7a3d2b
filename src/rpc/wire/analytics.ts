// Analytics service wire shapes: the `filter` as the published clients send it, and `marketStats` replies.
import type { MarketTxnEventTotalQuery } from '../generated/operations';
import { obj, type Answered, type Body } from './common';

/** Integers may arrive as decimal strings (wire notes, Decision 3). */
const intIn = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v);
const stringIn = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : v);

/** The Go client's DateInterval is a uint16 that marshals as its name; accept the number and any case too. */
const INTERVALS = ['DAY', 'WEEK', 'MONTH'];
const dateIntervalIn = (v: unknown) => {
  if (typeof v === 'number' && INTERVALS[v]) return INTERVALS[v];
  if (typeof v !== 'string' || v.trim() === '') return v === '' ? null : v;
  const name = v.trim().toUpperCase();
  // An unknown name goes through unchanged: the schema's enum refuses it, naming the field.
  return INTERVALS.includes(name) ? name : v;
};

export const marketFilterIn = (v: unknown) => {
  const f = obj(v);
  if (!f) return v;
  const chainId = f.chainId ?? f.chainID;
  // `ecosystemId` and `projectType` are ignored by the service: not forwarding them means no value
  // of theirs (a uint64 beyond GraphQL's Int, an enum number) can fail a request.
  return {
    projectId: intIn(f.projectId),
    startDate: f.startDate,
    endDate: f.endDate,
    dateInterval: dateIntervalIn(f.dateInterval),
    collections: f.collections,
    tokenId: stringIn(f.tokenId),
    chainId: stringIn(chainId),
  };
};

export const marketTxnEventTotalIn = (b: Body) => ({ filter: marketFilterIn(b.filter) });

/** Chart `{value, label}` in the published field order. */
export const marketStatsOut = (d: Answered<MarketTxnEventTotalQuery>) => ({
  marketStats: d.marketTxnEventTotal.map((s) => ({ value: s.value, label: s.label })),
});
