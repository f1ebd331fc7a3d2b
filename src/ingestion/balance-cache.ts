// Balances the ingester already knows (it is the only writer of its chain): read before a batch instead of the
// database, updated only after a commit, cleared on rollback.
import type { BalanceKey } from './balances';

export type BalanceCache = {
  get(key: BalanceKey): bigint | undefined;
  set(key: BalanceKey, balance: bigint): void;
  /** Forgets one balance: the next batch that touches it reads the stored row. */
  delete(key: BalanceKey): void;
  /** Forgets every balance, and whatever it knew about balances not stored (`absent` answers false from then on). */
  clear(): void;
  /**
   * The chain had no stored balance when its ingester took it (checked in the database): from now on every key written
   * passes through `writing` (or `delete`, for another writer's), so a key it never saw is not stored. Until `clear`.
   */
  startedEmpty(): void;
  /** Certainly not stored (no need to look it up); false when unknown. */
  absent(key: BalanceKey): boolean;
  /**
   * A batch is about to write `key`: no longer `absent`. Before the write, not after its commit, so that a write that
   * committed while its caller failed is never taken for one that did not.
   */
  writing(key: BalanceKey): void;
};

/**
 * The keys written since the chain's first batch, as a Bloom filter: never a false "not written", a false "written"
 * for about 2 % of the keys at 2 million of them (16 Mbit, 2 MB), more beyond, which only costs the lookup it would
 * have saved. On a first backfill most balances a batch touches are new (the chain-scale chain: 1,388,865 of
 * 1,681,092 lookups found nothing), and each lookup is a B-tree descent, or on MySQL part of a statement.
 */
const createKeyFilter = (bits = 1 << 24, hashes = 7) => {
  const words = new Uint32Array(bits >>> 5);
  const mask = bits - 1;
  let h1 = 0;
  let h2 = 0;
  // Two 32-bit multiplicative hashes of the key, k probes from them (Kirsch–Mitzenmacher).
  const hash = (key: string) => {
    let a = 0x811c9dc5;
    let b = 0x01000193;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    h1 = a ^ (a >>> 16);
    h2 = (b ^ (b >>> 13)) | 1;
  };
  return {
    add(key: string) {
      hash(key);
      for (let i = 0; i < hashes; i++) {
        const bit = (h1 + Math.imul(i, h2)) & mask;
        words[bit >>> 5] |= 1 << (bit & 31);
      }
    },
    has(key: string) {
      hash(key);
      for (let i = 0; i < hashes; i++) {
        const bit = (h1 + Math.imul(i, h2)) & mask;
        if ((words[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
      }
      return true;
    },
  };
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
  let written: ReturnType<typeof createKeyFilter> | null = null;
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
      // Forgotten because someone else wrote it (balance-repair.ts): it may be stored now.
      written?.add(key);
    },
    clear() {
      young = new Map();
      old = new Map();
      written = null;
    },
    startedEmpty() {
      written = createKeyFilter();
    },
    absent: (key) => written !== null && !written.has(key),
    writing(key) {
      written?.add(key);
    },
  };
  live.add(new WeakRef(cache));
  return cache;
};
