// How many of a scope's changes are after a block, from its sketch (every `step`-th block number of its latest
// changes, newest first): what chooses the plan of a read as of a block (at-block-recent.ts).
import { changesAfterBlock, type ChangeSketch } from '../../../src/domain/indexer/at-block-recent';

const sketch = (blocks: number[], step: number, complete: boolean): ChangeSketch => ({ blocks, step, complete });

it('counts the changes after the block, exactly when every change was kept', () => {
  // Changes at blocks 9, 9, 7, 4, 2 (all of them: fewer than the bound).
  const all = sketch([9, 9, 7, 4, 2], 1, true);
  expect([10, 9, 8, 7, 5, 4, 3, 2, 1, 0].map((b) => changesAfterBlock(all, b))).toEqual([0, 0, 2, 2, 3, 3, 4, 4, 5, 5]);
});

it('counts in steps when every step-th change was kept', () => {
  // 12 changes read, one block number kept of every 3 (the 3rd, 6th, 9th, 12th newest).
  const sampled = sketch([90, 60, 30, 10], 3, true);
  expect(changesAfterBlock(sampled, 95)).toBe(0);
  expect(changesAfterBlock(sampled, 60)).toBe(3);
  expect(changesAfterBlock(sampled, 59)).toBe(6);
  expect(changesAfterBlock(sampled, 5)).toBe(12);
});

it('says more than it read for a block older than every change it read, when the read stopped at its bound', () => {
  const cut = sketch([90, 60, 30, 10], 3, false);
  expect(changesAfterBlock(cut, 5)).toBe(Infinity);
  expect(changesAfterBlock(cut, 10)).toBe(9);
  // A scope with no change at all: none after any block.
  expect(changesAfterBlock(sketch([], 1, true), 0)).toBe(0);
});
