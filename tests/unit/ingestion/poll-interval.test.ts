// The default poll interval: a quarter of the chain's recent block interval, 100 ms to 1 s.
import { derivePollMs } from '../../../src/ingestion/poll-interval';

const chain = (seconds: number[], numbers?: number[]) => seconds.map((t, i) => ({ number: numbers?.[i] ?? 100 + i, timestamp: t }));

it('is a quarter of the median block interval', () => {
  expect(derivePollMs(chain([0, 1, 2, 3, 4, 5]))).toBe(250); // 1 s blocks
  expect(derivePollMs(chain([0, 2, 4, 6, 8, 30]))).toBe(500); // 2 s blocks and one pause
});

it('divides a gap by the blocks it spans (backfill keeps some headers only)', () => {
  expect(derivePollMs(chain([0, 10, 30], [100, 105, 115]))).toBe(500);
});

it('stays within 100 ms and 1 s', () => {
  expect(derivePollMs(chain([0, 12, 24, 36]))).toBe(1000);
  // Faster than a block a second: whole-second timestamps, the mean over the stretch decides.
  expect(derivePollMs(chain([0, 0, 0, 0, 1, 1, 1, 1, 2]))).toBe(100);
  expect(derivePollMs(chain([0, 0, 1, 1, 2, 2, 3, 3, 4]))).toBe(125);
});

it('has no answer before two blocks are stored', () => {
  expect(derivePollMs([])).toBeNull();
  expect(derivePollMs(chain([5]))).toBeNull();
});
