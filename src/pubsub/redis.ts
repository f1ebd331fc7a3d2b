// The one place Strata creates Redis clients (REDIS_URL): the event channels' pair (pubsub.ts) and the counters that
// replicas share, of access-key limits and of the failed-credential throttle (domain/limits, domain/auth). Each use
// keeps the options it was written with; why each differs is said here.
import Redis from 'ioredis';

export type RedisClient = Redis;

const OPTIONS = {
  /** Publishes the events of a commit: a few retries, then the publish fails to its caller. */
  publish: { maxRetriesPerRequest: 3, lazyConnect: false },
  /** Subscribed to the event channels: commands wait through an outage instead of failing. */
  subscribe: { maxRetriesPerRequest: null },
  /**
   * Shared counters: connected on first use (one-shot CLI commands never count), one retry; their callers count in
   * memory while Redis is unreachable.
   */
  counters: { maxRetriesPerRequest: 1, lazyConnect: true },
} as const;

export type RedisUse = keyof typeof OPTIONS;

export const createRedisClient = (url: string, use: RedisUse): RedisClient => new Redis(url, { ...OPTIONS[use] });
