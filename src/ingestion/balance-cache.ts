// Balances the ingester already knows (it is the only writer of its chain): read before a batch instead of the
// database, updated only after a commit, cleared on rollback.
import type { BalanceKey } from './balances';

export type BalanceCache = {
  get(key: BalanceKey): bigint | undefined;
  set(key: BalanceKey, balance: bigint): void;
  clear(): void;
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
  return {
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
    clear() {
      young = new Map();
      old = new Map();
    },
  };
};
