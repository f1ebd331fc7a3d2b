// Request limits of access keys: each request that presents a known key is charged once, at the edge (RPC, GraphQL
// over HTTP, each graphql-ws subscribe, each NDJSON stream), against the key's rate per second and quota per calendar
// month (its own, or the server's defaults); refused with RateLimit / QuotaExceeded; counted per day either way.
import type { KeyLimitsConfig } from '../../config';
import { AccessKeyEntity, readingFromPrimary, type Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import type { AuthService, KnownAccessKey } from '../auth/service';
import { invalidArgument, KeyLimitError, notFound } from '../errors';
import { requireId } from '../validate';
import { createKeyCounters, type Counted } from './counters';
import { createUsageRecorder, utcDayOf, type KeyUsageTotals } from './usage';

/** A charged request: the headers that describe its key's limits (none when the key has no limit). */
export type Charge = { headers: Readonly<Record<string, string>> };
export type UsageDay = { day: string; requests: number; refused: number };

export type LimitsService = {
  /**
   * Charges a request to the access key it presents: null when it presents none, or one that is refused (its
   * resolvers say why); KeyLimitError (RateLimit, QuotaExceeded) when the key is over a limit.
   */
  charge(creds: Credentials): Promise<Charge | null>;
  /** Requests of one of the project's keys per UTC day from `from` to `to` (YYYY-MM-DD; the last 30 days by default), every day listed. */
  usage(projectId: number, keyId: unknown, from?: string | null, to?: string | null): Promise<UsageDay[]>;
  /** The project's requests per UTC day across all its keys (revoked ones included), every day of the range listed. */
  projectUsage(projectId: number, from?: string | null, to?: string | null): Promise<UsageDay[]>;
  /** Per key, this process's requests by outcome since it started (/metrics). */
  totals(): Iterable<KeyUsageTotals>;
  close(): Promise<void>;
};

const NO_HEADERS: Charge = Object.freeze({ headers: Object.freeze({}) });
const DAY_MS = 86_400_000;
const MAX_USAGE_DAYS = 366;

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (field: string, v: string): number => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || dayText(utcDayOf(ms)) !== v) throw invalidArgument(field, 'must be a date such as 2026-01-31 (UTC)');
  return utcDayOf(ms);
};

/** The days `from` to `to` (YYYY-MM-DD; the last 30 days by default), at most MAX_USAGE_DAYS. */
const dayRange = (from?: string | null, to?: string | null): [number, number] => {
  const last = to ? dayOf('to', to) : utcDayOf(Date.now());
  const first = from ? dayOf('from', from) : last - 29;
  if (first > last) throw invalidArgument('from', 'must not be after to');
  if (last - first + 1 > MAX_USAGE_DAYS) throw invalidArgument('from', `a range holds at most ${MAX_USAGE_DAYS} days`);
  return [first, last];
};

/** Every day of the range, with the rows' counts (0 for a day without a row). */
const everyDay = (first: number, last: number, rows: Array<{ day: number; requests: number; refused: number }>): UsageDay[] => {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: UsageDay[] = [];
  for (let d = first; d <= last; d++) days.push({ day: dayText(d), requests: byDay.get(d)?.requests ?? 0, refused: byDay.get(d)?.refused ?? 0 });
  return days;
};

/** The current calendar month (UTC) and when it ends, recomputed only when it has ended. */
const createMonthClock = () => {
  let month = '';
  let endsAt = 0;
  return (now: number) => {
    if (now >= endsAt) {
      const d = new Date(now);
      month = d.toISOString().slice(0, 7);
      endsAt = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    }
    return { month, endsAt };
  };
};

export const createLimitsService = ({
  db,
  auth,
  defaults,
  redisUrl,
  namespace,
}: {
  db: Db;
  auth: Pick<AuthService, 'knownAccessKey' | 'accessKeyOf'>;
  defaults: KeyLimitsConfig;
  /** Counters shared by every replica when set (the Redis of REDIS_URL); in this process otherwise. */
  redisUrl: string | null;
  /** This deployment's name in Redis (EVENTS_NAMESPACE, or the deployment id stored in the database). */
  namespace: () => Promise<string>;
}): LimitsService => {
  const usage = createUsageRecorder({ db, flushSeconds: defaults.usageFlushSeconds });
  // Served requests only: a refused one never used the quota.
  const usedInMonth = async (keyId: number, month: string) => {
    const rows = await readingFromPrimary(() => usage.read(keyId, utcDayOf(Date.parse(`${month}-01T00:00:00Z`)), utcDayOf(Date.now())));
    return rows.reduce((n, r) => n + r.requests, 0);
  };
  const counters = createKeyCounters({ redisUrl, namespace, usedInMonth });
  const monthNow = createMonthClock();

  const headersOf = (perSecond: number | null, second: Counted | null, perMonth: number | null, month: Counted | null, monthEndsAt: number) => {
    const h: Record<string, string> = {};
    if (perSecond && second) {
      // The IETF RateLimit header fields (draft): the limit, what is left of it, seconds until it renews.
      h['RateLimit-Limit'] = String(perSecond);
      h['RateLimit-Remaining'] = String(second.remaining);
      h['RateLimit-Reset'] = String(Math.max(1, Math.ceil(second.msBeforeNext / 1000)));
    }
    if (perMonth && month) {
      // The names the published services' quota middleware sends (wire notes §7).
      h['Quota-Limit'] = String(perMonth);
      h['Quota-Remaining'] = String(month.remaining);
      h['Quota-Reset'] = String(Math.max(1, Math.ceil((monthEndsAt - Date.now()) / 1000)));
    }
    return h;
  };

  // The rate is counted first and the month only for a request within its rate: a burst over the rate never touches
  // the quota (counting both at once and refunding let parallel refusals push the month over its limit, refusing
  // requests that were within it and, with Redis, blocking the key on that server). A request refused for the quota
  // gives its count back at once (when it was counted: one refused from Redis's in-memory block never was), so the
  // month's counter holds exactly the requests admitted, on every server.
  const limited = async (key: KnownAccessKey, perSecond: number | null, perMonth: number | null): Promise<Charge> => {
    const { month, endsAt } = monthNow(Date.now());
    const second = perSecond ? await counters.second(key.id, perSecond) : null;
    if (second?.over) {
      usage.record(key, 'rate_limited');
      const headers = headersOf(perSecond, second, null, null, endsAt);
      const seconds = Number(headers['RateLimit-Reset']);
      throw new KeyLimitError('RateLimit', `this access key is over its rate of ${perSecond} requests per second; retry in ${seconds} s`, seconds, headers);
    }
    const monthly = perMonth ? await counters.month(key.id, month, perMonth) : null;
    const headers = headersOf(perSecond, second, perMonth, monthly, endsAt);
    if (monthly?.over) {
      if (monthly.counted) await counters.refundMonth(key.id, month, perMonth!);
      usage.record(key, 'quota_exceeded');
      const seconds = Number(headers['Quota-Reset']);
      throw new KeyLimitError('QuotaExceeded', `this access key used its ${perMonth} requests of ${month} (UTC); its quota renews in ${seconds} s`, seconds, headers);
    }
    usage.record(key, 'served');
    return { headers };
  };

  const chargeKey = (key: KnownAccessKey | null): Charge | null | Promise<Charge> => {
    if (!key) return null;
    const perSecond = key.requestsPerSecond ?? defaults.requestsPerSecond;
    const perMonth = key.requestsPerMonth ?? defaults.requestsPerMonth;
    if (perSecond || perMonth) return limited(key, perSecond, perMonth);
    usage.record(key, 'served');
    return NO_HEADERS;
  };

  return {
    async charge(creds) {
      // The usual case answers from the key this process remembers, without a store read.
      const known = auth.knownAccessKey(creds);
      return chargeKey(known === undefined ? await auth.accessKeyOf(creds) : known);
    },

    async usage(projectId, keyId, from, to) {
      const id = requireId('id', keyId);
      // On the primary, also inside a query: a key made a moment ago exists, and the counts just written are read back.
      if (!(await readingFromPrimary(() => db.getRepository(AccessKeyEntity).existsBy({ id, projectId })))) throw notFound(`access key ${id}`);
      const [first, last] = dayRange(from, to);
      return everyDay(first, last, await readingFromPrimary(() => usage.read(id, first, last)));
    },

    async projectUsage(projectId, from, to) {
      const [first, last] = dayRange(from, to);
      return everyDay(first, last, await readingFromPrimary(() => usage.readProject(projectId, first, last)));
    },

    totals: () => usage.totals(),

    async close() {
      await usage.close();
      await counters.close();
    },
  };
};
