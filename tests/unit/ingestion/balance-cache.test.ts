// The balance cache's knowledge of keys never written: never "absent" for a key written, forgotten or unknown.
import { createBalanceCache, forgetCachedBalance } from '../../../src/ingestion/balance-cache';
import { balanceKey } from '../../../src/ingestion/balances';

const key = (i: number) => balanceKey(`0x${i.toString(16).padStart(40, '0')}`, `0x${(i * 7919).toString(16).padStart(40, 'a')}`, String(i % 3 ? '' : i));

describe('balance cache: keys never written', () => {
  it('knows nothing until told the chain started empty', () => {
    const cache = createBalanceCache();
    expect(cache.absent(key(1))).toBe(false);
    cache.startedEmpty();
    expect(cache.absent(key(1))).toBe(true);
  });

  it('never calls a key absent once a batch wrote it, among a hundred thousand', () => {
    const cache = createBalanceCache(1_000);
    cache.startedEmpty();
    for (let i = 0; i < 100_000; i++) cache.writing(key(i));
    let wrong = 0;
    for (let i = 0; i < 100_000; i++) if (cache.absent(key(i))) wrong++;
    expect(wrong).toBe(0);
    // And still tells most keys never written apart (a false "written" only costs a lookup).
    let told = 0;
    for (let i = 100_000; i < 110_000; i++) if (cache.absent(key(i))) told++;
    expect(told).toBeGreaterThan(9_800);
  });

  it('a key another writer changed (balance repair) is no longer absent', () => {
    const cache = createBalanceCache();
    cache.startedEmpty();
    forgetCachedBalance(key(42));
    expect(cache.absent(key(42))).toBe(false);
    expect(cache.absent(key(43))).toBe(true);
  });

  it('clearing (rollback, lost lead, a joining contract) forgets what it knew', () => {
    const cache = createBalanceCache();
    cache.startedEmpty();
    cache.clear();
    expect(cache.absent(key(5))).toBe(false);
  });
});
