// The per-host rate of metadata fetches: fetches started per second per host, other hosts not held up.
import { limitPerHost } from '../../../src/domain/metadata-fetch/host-limit';
import { isPlaceholderDocument } from '../../../src/domain/metadata-fetch/placeholder';
import { retryDelayMs } from '../../../src/domain/metadata-fetch/backoff';
import { emptyDocument } from '../../../src/domain/token-metadata/types';

/** A fetcher that answers after `ms`, recording when each fetch started. */
const slowFetcher = (ms: number) => {
  const started: Array<{ host: string; at: number }> = [];
  return {
    started,
    fetchText: async (url: string) => {
      started.push({ host: new URL(url).host, at: Date.now() });
      await new Promise((r) => setTimeout(r, ms));
      return { status: 200, contentType: 'application/json', body: '{}', finalUrl: url };
    },
    close: async () => undefined,
  };
};

describe('limitPerHost', () => {
  it('starts at most `ratePerSecond` fetches per second per host', async () => {
    const inner = slowFetcher(1);
    const limited = limitPerHost(inner, { ratePerSecond: 5 });
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 12 }, (_, i) => limited.fetchText(`http://gateway.example/${i}`)));
    // 5 in the first second, 5 in the second, 2 in the third.
    const bySecond = [0, 0, 0];
    for (const s of inner.started) bySecond[Math.min(2, Math.floor((s.at - t0) / 1_000))]++;
    expect(bySecond[0]).toBeLessThanOrEqual(5);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_900);
    // Another host is not behind the first one's queue.
    const t1 = Date.now();
    await limited.fetchText('http://other.example/x');
    expect(Date.now() - t1).toBeLessThan(200);
  });
});

describe('retry schedule', () => {
  it('doubles from the base and is capped at a day', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 400))).toEqual([400, 800, 1_600]);
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(24 * 60 * 60_000);
  });

  it('a document with nothing about its token is a placeholder', () => {
    expect(isPlaceholderDocument(emptyDocument('1'))).toBe(true);
    expect(isPlaceholderDocument({ ...emptyDocument('1'), name: 'Cat #1' })).toBe(false);
    expect(isPlaceholderDocument({ ...emptyDocument('1'), attributes: [{ trait_type: 'eyes', value: 'blue' }] })).toBe(false);
  });
});
