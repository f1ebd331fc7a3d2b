// Seeded randomness for tests that explore timings and faults: a failure names its seed, and TEST_SEED=<seed> replays it.

export type Random = {
  readonly seed: number;
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** mulberry32: tiny, fast, and good enough to spread kill moments and faults. */
export const seededRandom = (seed: number = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31))): Random => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
};

/** Runs `fn`; a failure's message starts with `TEST_SEED=<seed>` so the run can be replayed. */
export const withSeed = async <T>(random: Random, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Error) err.message = `[TEST_SEED=${random.seed}] ${err.message}`;
    throw err;
  }
};
