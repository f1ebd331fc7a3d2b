// Keeps the ingesting process's heap near what it holds. Backfill allocates fast and promotes most of it (logs wait
// in flight behind each commit, long enough to survive two scavenges), so V8 lets the old generation grow to several
// times what survives a full collection before collecting it: a `strata index` of the million-event chain peaked at
// 673 MB of RSS while a forced full collection took its heap from 356 MB to 76 MB (BENCHMARKS.md). A full
// collection costs about what the live heap weighs, whatever the garbage, so collecting earlier does not add work;
// it only bounds how much garbage piles up between collections.
//
// V8's own limit (--max-old-space-size) can only be set when the process starts, and then crashes the process when
// the live heap outgrows it; this asks for a collection instead, and only once the heap holds `ceilingMb` and twice
// what the last one left, so a process that really holds more (a busy GraphQL server beside the ingester) is
// collected no more often than every doubling.
import v8 from 'node:v8';
import vm from 'node:vm';

export type HeapCeiling = {
  /** Called before and after each batch is written: collects when the heap has passed the ceiling. Returns whether it did. */
  check(): boolean;
};

let collect: (() => void) | null = null;
/** The engine's full collection; `--expose-gc` for a fresh context only, as jest's leak detector obtains it. */
const fullCollection = (): (() => void) => {
  if (collect) return collect;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return (collect = exposed);
  v8.setFlagsFromString('--expose-gc');
  collect = vm.runInNewContext('gc') as () => void;
  return collect;
};

const MB = 1_048_576;

export const createHeapCeiling = (ceilingMb: number): HeapCeiling => {
  let floor = 0;
  return {
    check() {
      const used = v8.getHeapStatistics().used_heap_size;
      if (used < ceilingMb * MB || used < 2 * floor) return false;
      fullCollection()();
      floor = v8.getHeapStatistics().used_heap_size;
      return true;
    },
  };
};
