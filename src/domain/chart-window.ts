// The stretch of time a chart query asks for: the last `hours` hours, a whole number within the query's bounds.
import { invalidArgument } from './errors';

export type ChartWindow = { hours: number; fromMs: number; toMs: number };

export const chartWindowOf = (field: string, v: unknown, { max, fallback }: { max: number; fallback: number }, now = Date.now()): ChartWindow => {
  const hours = v === undefined || v === null ? fallback : v;
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > max) throw invalidArgument(field, `must be a whole number of hours from 1 to ${max}`);
  return { hours, fromMs: now - hours * 3_600_000, toMs: now };
};
