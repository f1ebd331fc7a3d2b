// The request counters of access keys: requests in the current second and in the current calendar month, counted in
// Redis when REDIS_URL is set, so that every replica counts into the same keys and one limit holds across them, or in
// this process otherwise (the in-process fallback; also the insurance while Redis is unreachable, as for the
// failed-credential throttle). rate-limiter-flexible does the counting: one atomic INCR-and-expire per counter.
// In this process a month's counter starts from the requests recorded in the database for that month (usage.ts), so a
// restart, or a key whose quota changes (a new counter), does not hand a key a fresh quota.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRedisClient } from '../../pubsub';

/**
 * What counting one request found: whether it was within the limit, how many remain and when the window ends, and
 * whether it was counted at all (false: refused from memory, where a key over its limit is blocked until its window
 * ends without asking Redis; such a request has nothing to give back).
 */
export type Counted = { over: boolean; remaining: number; msBeforeNext: number; counted: boolean };

export type KeyCounters = {
  /** Counts one request of key `keyId` in the current second against `limit`. */
  second(keyId: number, limit: number): Promise<Counted>;
  /** Counts one request of key `keyId` in `month` (YYYY-MM) against `limit`. */
  month(keyId: number, month: string, limit: number): Promise<Counted>;
  /** Gives back a request counted in `month` (it was refused: it should not use up the quota). */
  refundMonth(keyId: number, month: string, limit: number): Promise<void>;
  close(): Promise<void>;
};

/** Redis keeps a month's counter a little longer than any month lasts; its key names the month, so it never resets early. */
const MONTH_TTL_SECONDS = 32 * 86_400;
/** How long an in-process month counter that could not read its recorded usage counts without it. */
const RETRY_START_MS = 10_000;

export const createKeyCounters = ({
  redisUrl,
  namespace,
  usedInMonth,
}: {
  redisUrl: string | null;
  namespace: () => Promise<string>;
  /** Requests a key made in a month (YYYY-MM) as recorded so far: where an in-process month counter starts. */
  usedInMonth: (keyId: number, month: string) => Promise<number>;
}): KeyCounters => {
  const redis = redisUrl ? createRedisClient(redisUrl, 'counters') : null;
  // A Redis outage must not turn into errors for every caller: the in-process insurance counts meanwhile.
  redis?.on('error', () => {});

  // One limiter per (window, limit): a limiter's points are fixed, keys' limits differ. Limiters of one window share
  // their key prefix, so a key whose limit changes keeps its count.
  const limiters = new Map<string, RateLimiterAbstract>();
  let prefix: string | null = null;
  const limiterFor = async (window: 'second' | 'month', limit: number): Promise<RateLimiterAbstract> => {
    const id = `${window}:${limit}`;
    const known = limiters.get(id);
    if (known) return known;
    // Key ids are this database's: the deployment's namespace keeps two deployments sharing a Redis apart.
    prefix ??= `strata:${await namespace()}:limits`;
    const keyPrefix = `${prefix}:${window}`;
    // In memory a month's counter never expires (0): its key names the month, and timers cannot wait a month.
    const memory = new RateLimiterMemory({ points: limit, duration: window === 'second' ? 1 : 0, keyPrefix });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points: limit,
          duration: window === 'second' ? 1 : MONTH_TTL_SECONDS,
          keyPrefix,
          insuranceLimiter: memory,
          // A key over its limit is refused here until its window ends, without asking Redis again.
          inMemoryBlockOnConsumed: limit + 1,
        })
      : memory;
    limiters.set(id, limiter);
    return limiter;
  };

  // In-process month counters already started from the record, per (limit, key, month); one read per counter.
  const started = new Map<string, Promise<void>>();
  const monthLimiter = async (keyId: number, month: string, limit: number): Promise<RateLimiterAbstract> => {
    const limiter = await limiterFor('month', limit);
    if (redis) return limiter; // Redis holds the month's count itself.
    const id = `${limit}:${keyId}:${month}`;
    let start = started.get(id);
    if (!start) {
      start = usedInMonth(keyId, month).then(
        async (used) => void (used > 0 && (await limiter.penalty(`${keyId}:${month}`, used))),
        // Counted from zero meanwhile, and read again a little later (not on every request while the database is away).
        () => void setTimeout(() => started.delete(id), RETRY_START_MS).unref(),
      );
      started.set(id, start);
    }
    await start;
    return limiter;
  };

  const count = async (limiter: RateLimiterAbstract, key: string, limit: number): Promise<Counted> => {
    let res: RateLimiterRes;
    let over = false;
    try {
      res = await limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err;
      over = true;
    }
    // A key refused from memory (over its limit until its window ends) comes back without counts: none remain, and
    // nothing was added to give back.
    return { over, remaining: over ? 0 : Math.max(0, limit - res.consumedPoints), msBeforeNext: res.msBeforeNext, counted: res.consumedPoints > 0 };
  };

  return {
    second: async (keyId, limit) => count(await limiterFor('second', limit), String(keyId), limit),
    month: async (keyId, month, limit) => count(await monthLimiter(keyId, month, limit), `${keyId}:${month}`, limit),
    async refundMonth(keyId, month, limit) {
      await (await monthLimiter(keyId, month, limit)).reward(`${keyId}:${month}`, 1);
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
};
