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
  // Points per host and second, kept by the limiter (it forgets a key once its second is over).
  const points = new RateLimiterMemory({ points: ratePerSecond, duration: 1 });
  type Slot = { limit: ReturnType<typeof pLimit>; rate: RateLimiterQueue };
  const slots = new Map<string, Slot>();

  const slotOf = (host: string): Slot => {
    let slot = slots.get(host);
    if (!slot) {
      // The queue makes callers wait for a point rather than fail.
      slot = { limit: pLimit(concurrency), rate: new RateLimiterQueue(points, { maxQueueSize: 1_000_000 }) };
      slots.set(host, slot);
    }
    return slot;
  };

  return {
    fetchText(url) {
      const host = hostOf(url) || 'invalid';
      const slot = slotOf(host);
      return slot
        .limit(async () => {
          await slot.rate.removeTokens(1, host);
          return fetcher.fetchText(url);
        })
        .finally(() => {
          // Forget idle hosts, so a long run over many hosts keeps no state for them.
          if (slot.limit.activeCount === 0 && slot.limit.pendingCount === 0 && slots.get(host) === slot) slots.delete(host);
        });
    },
    close: () => fetcher.close(),
  };
};
