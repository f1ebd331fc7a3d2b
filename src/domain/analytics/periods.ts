// Calendar arithmetic for analytics: UTC day numbers, YYYY-MM-DD dates, and DAY/WEEK/MONTH periods.
import { invalidArgument } from '../errors';
import type { DateInterval, MarketStat } from './types';

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 (UTC) of a block timestamp in unix seconds. */
export const dayOfTimestamp = (seconds: number): number => Math.floor(seconds / 86_400);

/** A `YYYY-MM-DD` calendar date (1970-01-01 to 9999-12-31) as a day number. */
export const requireDate = (field: string, v: unknown): number => {
  if (v === undefined || v === null || v === '') throw invalidArgument(field, 'is required');
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim()) : null;
  if (!m) throw invalidArgument(field, 'must be a date as YYYY-MM-DD');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2023-02-30 over to March; a round trip catches impossible dates.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw invalidArgument(field, `is not a calendar date: ${v}`);
  }
  if (y < 1970) throw invalidArgument(field, 'must be 1970-01-01 or later');
  return ms / MS_PER_DAY;
};

export const labelOfDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** The first day of the period holding `day`: itself, its ISO week's Monday, or the 1st of its month. */
export const periodStart = (day: number, interval: DateInterval): number => {
  if (interval === 'DAY') return day;
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is the number of days since Monday.
  if (interval === 'WEEK') return day - (((day + 3) % 7) + 7) % 7;
  const d = new Date(day * MS_PER_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY;
};

const nextPeriod = (start: number, interval: DateInterval): number => {
  if (interval === 'DAY') return start + 1;
  if (interval === 'WEEK') return start + 7;
  const d = new Date(start * MS_PER_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / MS_PER_DAY;
};

/**
 * Rolls per-day counts (days inside [startDay, endDay]) up into periods, oldest first. A period's
 * label is its calendar start, which for the first WEEK/MONTH may fall before `startDay`; its value
 * counts only the days inside the range.
 */
export const rollUp = (
  daily: Iterable<{ day: number; count: number }>,
  interval: DateInterval,
  range: { startDay: number; endDay: number },
  includeEmpty: boolean,
): MarketStat[] => {
  const totals = new Map<number, number>();
  for (const { day, count } of daily) {
    if (day < range.startDay || day > range.endDay || count <= 0) continue;
    const p = periodStart(day, interval);
    totals.set(p, (totals.get(p) ?? 0) + count);
  }
  if (includeEmpty) {
    for (let p = periodStart(range.startDay, interval); p <= range.endDay; p = nextPeriod(p, interval)) {
      if (!totals.has(p)) totals.set(p, 0);
    }
  }
  return [...totals.entries()].sort(([a], [b]) => a - b).map(([p, value]) => ({ label: labelOfDay(p), value }));
};
