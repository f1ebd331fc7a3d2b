// Fetches per host: at most `concurrency` at once and `ratePerSecond` started per second, so refreshing a 10,000-token
// collection (or a burst of events) queues behind one gateway's limit instead of hammering it. Other hosts are not
// held up by a busy one.
import pLimit from 'p-limit';
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import type { SafeFetcher } from '../../web';

type Fetcher = Pick<SafeFetcher, 'fetchText' | 'close'>;

/** The limiter's key: the URL's host with its port (an unparsable URL is refused by the fetcher itself). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
};

export const limitPerHost = (fetcher: Fetcher, { ratePerSecond, concurrency }: { ratePerSecond: number; concurrency: number }): Fetcher => {
  // The token bucket refills every second; the queue makes callers wait for a token rather than fail.
  const rate = new RateLimiterQueue(new RateLimiterMemory({ points: ratePerSecond, duration: 1 }), { maxQueueSize: 1_000_000 });
  const slots = new Map<string, ReturnType<typeof pLimit>>();

  const slotOf = (host: string) => {
    let limit = slots.get(host);
    if (!limit) {
      limit = pLimit(concurrency);
      slots.set(host, limit);
    }
    return limit;
  };

  return {
    fetchText(url) {
      const host = hostOf(url);
      const limit = slotOf(host);
      return limit(async () => {
        await rate.removeTokens(1, host || 'invalid');
        return fetcher.fetchText(url);
      }).finally(() => {
        // Forget idle hosts, so a long run over many hosts keeps no state for them.
        if (limit.activeCount === 0 && limit.pendingCount === 0 && slots.get(host) === limit) slots.delete(host);
      });
    },
    close: () => fetcher.close(),
  };
};
