// Throttling of failed credential checks per client address: after `limit` failures from one address in a
// window, every credential check from it answers RateLimited until the window passes, so keys and tokens
// cannot be guessed at speed. Counters live in memory, or in Redis when REDIS_URL is set so replicas
// share them (memory takes over while Redis is unreachable).
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '../errors';

export type ThrottleSettings = { limit: number; windowSeconds: number; redisUrl: string | null; keyPrefix?: string };

export type CredentialThrottle = {
  /** RateLimited when `address` is over its limit; `cheapOnly` consults this process's knowledge alone. */
  assertAllowed(address: string | undefined, opts?: { cheapOnly?: boolean }): Promise<void>;
  /** Counts one failed check from `address`. */
  recordFailure(address: string | undefined): Promise<void>;
  close(): Promise<void>;
};

export const createCredentialThrottle = ({ limit, windowSeconds, redisUrl, keyPrefix = 'strata:auth-failures' }: ThrottleSettings): CredentialThrottle => {
  const memory = new RateLimiterMemory({ points: limit, duration: windowSeconds, keyPrefix });
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }) : null;
  // Connects on first use (one-shot CLI commands never check credentials). A Redis outage must not turn
  // into errors for every caller: the insurance limiter counts meanwhile.
  redis?.on('error', () => {});
  const store: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, points: limit, duration: windowSeconds, keyPrefix, insuranceLimiter: memory })
    : memory;
  // Addresses known here to be over the limit, so that checks needing no store read stay free.
  const blockedUntil = new Map<string, number>();

  const refuse = (untilMs: number) => {
    const seconds = Math.max(1, Math.ceil((untilMs - Date.now()) / 1000));
    throw new RateLimitedError(`too many failed credential checks from this address; retry in ${seconds} s`, seconds);
  };

  return {
    async assertAllowed(address, opts = {}) {
      if (!address) return;
      const until = blockedUntil.get(address);
      if (until !== undefined) {
        if (until > Date.now()) refuse(until);
        blockedUntil.delete(address);
      }
      if (opts.cheapOnly) return;
      const res = await store.get(address);
      if (res && res.consumedPoints >= limit) {
        blockedUntil.set(address, Date.now() + res.msBeforeNext);
        refuse(Date.now() + res.msBeforeNext);
      }
    },
    async recordFailure(address) {
      if (!address) return;
      const res = await store.penalty(address, 1);
      if (res.consumedPoints >= limit) {
        // Bounded: entries expire with their window, and the map is emptied if an attack sprays addresses.
        if (blockedUntil.size >= 100_000) blockedUntil.clear();
        blockedUntil.set(address, Date.now() + res.msBeforeNext);
      }
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
};
