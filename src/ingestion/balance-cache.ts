// Balances the ingester already knows (it is the only writer of its chain): read before a batch instead of the
// database, updated only after a commit, cleared on rollback.
import type { BalanceKey } from './balances';

export type BalanceCache = {
  get(key: BalanceKey): bigint | undefined;
  set(key: BalanceKey, balance: bigint): void;
  /** Forgets one balance: the next batch that touches it reads the stored row. */
  delete(key: BalanceKey): void;
  clear(): void;
};

/** Every cache of this process, so a repaired balance (balance-repair.ts) is forgotten by the ingesters holding it. */
const live = new Set<WeakRef<BalanceCache>>();

/**
 * Drops `key` from every balance cache of this process. Keys carry no chain id: another chain's cache only misses
 * once. An ingester in another process keeps its copy (see balance-repair.ts).
 */
export const forgetCachedBalance = (key: BalanceKey) => {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.delete(key);
    else live.delete(ref);
  }
};

/**
 * At most `max` balances, the recently written ones: two generations, the older dropped whole when the newer fills
 * half of `max`, a key read from the older moved to the newer. On a chain of 200k holders an unbounded (or
 * clear-when-full at 500k) map held ~100 MB; a generation swap keeps the hot holders, where clearing dropped them all.
 */
export const createBalanceCache = (max = 100_000): BalanceCache => {
  let young = new Map<BalanceKey, bigint>();
  let old = new Map<BalanceKey, bigint>();
  const set = (key: BalanceKey, balance: bigint) => {
    young.set(key, balance);
    if (young.size >= max / 2) [old, young] = [young, new Map()];
  };
  const cache: BalanceCache = {
    get(key) {
      const hit = young.get(key);
      if (hit !== undefined) return hit;
      const aged = old.get(key);
      if (aged !== undefined) {
        old.delete(key);
        set(key, aged);
      }
      return aged;
    },
    set,
    delete(key) {
      young.delete(key);
      old.delete(key);
    },
    clear() {
      young = new Map();
      old = new Map();
    },
  };
  live.add(new WeakRef(cache));
  return cache;
};
