// Fetches started per host and second, so refreshing a 10,000-token collection (or a burst of events) queues behind
// one gateway's rate instead of hammering it. Other hosts are not held up by a busy one. How many run at once per
// host is the safe fetcher's own bound (perHostConcurrency, METADATA_HOST_CONCURRENCY).
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import type { SafeFetcher } from '../../web';

type Fetcher = Pick<SafeFetcher, 'fetchText' | 'close'> & Partial<Pick<SafeFetcher, 'fetchBytes'>>;

/** The limiter's key: the URL's host with its port (an unparsable URL is refused by the fetcher itself). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return 'invalid';
  }
};

/** The same fetcher (text, and bytes when it has them) with each fetch waiting for its host's turn. */
export const limitPerHost = <F extends Fetcher>(fetcher: F, { ratePerSecond }: { ratePerSecond: number }): F => {
  // Points per host and second, kept by the limiter (it forgets a key once its second is over).
  const points = new RateLimiterMemory({ points: ratePerSecond, duration: 1 });
  // One waiting line per host with fetches waiting; a host's line goes when its last caller leaves.
  const lines = new Map<string, { queue: RateLimiterQueue; users: number }>();

  /** Waits for one of the host's points of this second. */
  const turn = async (url: string) => {
    const host = hostOf(url);
    let line = lines.get(host);
    if (!line) {
      line = { queue: new RateLimiterQueue(points, { maxQueueSize: 1_000_000 }), users: 0 };
      lines.set(host, line);
    }
    line.users++;
    try {
      // Waits for a point rather than failing: the caller's own bounds (read wait, task lease) apply.
      await line.queue.removeTokens(1, host);
    } finally {
      if (--line.users === 0 && lines.get(host) === line) lines.delete(host);
    }
  };

  return {
    async fetchText(url: string) {
      await turn(url);
      return fetcher.fetchText(url);
    },
    ...(fetcher.fetchBytes
      ? {
          async fetchBytes(url: string) {
            await turn(url);
            return fetcher.fetchBytes!(url);
          },
        }
      : {}),
    close: () => fetcher.close(),
  } as F;
};
