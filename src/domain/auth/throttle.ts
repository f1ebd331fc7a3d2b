// Throttling of failed credential checks per client address: after `limit` failures from one address in a window,
// every further failed check from it is answered RateLimited (429, Retry-After) instead of its own error, until the
// window passes. Only failures are refused: a valid key or token from the same address still passes (one bad client
// behind a NAT or proxy must not lock out its neighbours), and a guesser over the limit learns nothing from a refusal
// but that it failed. Counters live in memory, or in Redis when REDIS_URL is set so replicas share them (memory takes
// over while Redis is unreachable).
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRedisClient } from '../../pubsub';
import { RateLimitedError } from '../errors';

export type ThrottleSettings = { limit: number; windowSeconds: number; redisUrl: string | null; keyPrefix?: string };

export type CredentialThrottle = {
  /** Counts one failed check from `address`: the RateLimited refusal to answer it with when the address is over its limit, else null. */
  recordFailure(address: string | undefined): Promise<RateLimitedError | null>;
  close(): Promise<void>;
};

export const createCredentialThrottle = ({ limit, windowSeconds, redisUrl, keyPrefix = 'strata:auth-failures' }: ThrottleSettings): CredentialThrottle => {
  const memory = new RateLimiterMemory({ points: limit, duration: windowSeconds, keyPrefix });
  const redis = redisUrl ? createRedisClient(redisUrl, 'counters') : null;
  // Connects on first use (one-shot CLI commands never check credentials). A Redis outage must not turn
  // into errors for every caller: the insurance limiter counts meanwhile.
  redis?.on('error', () => {});
  const store: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, points: limit, duration: windowSeconds, keyPrefix, insuranceLimiter: memory })
    : memory;
  // Addresses known here to be over the limit: their further failures are refused without a store round trip.
  const blockedUntil = new Map<string, number>();

  const refusal = (untilMs: number) => {
    const seconds = Math.max(1, Math.ceil((untilMs - Date.now()) / 1000));
    return new RateLimitedError(`too many failed credential checks from this address; retry in ${seconds} s`, seconds);
  };

  return {
    async recordFailure(address) {
      if (!address) return null;
      const until = blockedUntil.get(address);
      if (until !== undefined) {
        if (until > Date.now()) return refusal(until);
        blockedUntil.delete(address);
      }
      const res = await store.penalty(address, 1);
      // The failure that reaches the limit is still answered with its own error; those after it are refused.
      if (res.consumedPoints < limit) return null;
      // Bounded: entries expire with their window, and the map is emptied if an attack sprays addresses.
      if (blockedUntil.size >= 100_000) blockedUntil.clear();
      const blockedTill = Date.now() + res.msBeforeNext;
      blockedUntil.set(address, blockedTill);
      return res.consumedPoints > limit ? refusal(blockedTill) : null;
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
};
