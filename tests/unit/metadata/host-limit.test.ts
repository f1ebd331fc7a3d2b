// The per-host limit of metadata fetches: concurrency and rate per host, other hosts not held up.
import { limitPerHost } from '../../../src/domain/metadata-jobs/host-limit';
import { isPlaceholderDocument } from '../../../src/domain/metadata-jobs/placeholder';
import { retryDelayMs } from '../../../src/domain/metadata-jobs/backoff';
import { emptyDocument } from '../../../src/domain/token-metadata/types';

/** A fetcher that answers after `ms`, recording when each fetch started and how many ran at once per host. */
const slowFetcher = (ms: number) => {
  const started: Array<{ host: string; at: number }> = [];
  const active = new Map<string, number>();
  const peak = new Map<string, number>();
  return {
    started,
    peak,
    fetchText: async (url: string) => {
      const host = new URL(url).host;
      started.push({ host, at: Date.now() });
      active.set(host, (active.get(host) ?? 0) + 1);
      peak.set(host, Math.max(peak.get(host) ?? 0, active.get(host)!));
      await new Promise((r) => setTimeout(r, ms));
      active.set(host, active.get(host)! - 1);
      return { status: 200, contentType: 'application/json', body: '{}', finalUrl: url };
    },
    close: async () => undefined,
  };
};

describe('limitPerHost', () => {
  it('runs at most `concurrency` fetches at once per host, and other hosts alongside', async () => {
    const inner = slowFetcher(40);
    const limited = limitPerHost(inner, { ratePerSecond: 1_000, concurrency: 3 });
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => limited.fetchText(`http://a.example/${i}.json`)),
      ...Array.from({ length: 4 }, (_, i) => limited.fetchText(`http://b.example:8080/${i}.json`)),
    ]);
    expect(inner.peak.get('a.example')).toBe(3);
    expect(inner.peak.get('b.example:8080')).toBe(3);
    expect(inner.started).toHaveLength(16);
  });

  it('starts at most `ratePerSecond` fetches per second per host', async () => {
    const inner = slowFetcher(1);
    const limited = limitPerHost(inner, { ratePerSecond: 5, concurrency: 100 });
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
