// The heap ceiling asks for a full collection once the heap passes it, and then not again until the heap has doubled
// what that collection left.
import v8 from 'node:v8';
import { createHeapCeiling } from '../../../src/ingestion/heap-ceiling';

const usedMb = () => v8.getHeapStatistics().used_heap_size / 1_048_576;

it('collects past the ceiling, then waits for the heap to double', () => {
  const ceiling = createHeapCeiling(1);
  // Garbage the collection can take back: about 40 MB of short strings nothing holds.
  let junk: string[] | null = Array.from({ length: 400_000 }, (_, i) => `garbage ${i} `.repeat(8));
  const before = usedMb();
  junk = null;
  expect(junk).toBeNull();
  expect(ceiling.check()).toBe(true);
  expect(usedMb()).toBeLessThan(before - 20);
  // Just collected: the heap is what survived, under twice that.
  expect(ceiling.check()).toBe(false);
});

it('never collects below its ceiling', () => {
  expect(createHeapCeiling(1_000_000).check()).toBe(false);
});
