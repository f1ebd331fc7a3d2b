// Stamps published events with their commit's sequence number and the place a subscriber stands at once it has
// each of them (pubsub/types.ts StreamMark), which is what its resume cursor encodes.
import type { Unstamped } from './events';
import { END_OF_BLOCK, comparePositions, positionOf, type Position, type PositionedTopic, type StreamMark, type Topics } from '../../pubsub';

type Added<T extends PositionedTopic> = Unstamped<Topics[T]> & { blockNumber: number; blockHash: string };

/** Events of newly committed blocks, in publishing order (block, then place in block), each marking its own place. */
export const stampAdded = <T extends PositionedTopic>(topic: T, events: Added<T>[], seq: number, finalized: number): Topics[T][] => {
  const place = positionOf[topic] as unknown as (e: Added<T>) => Position;
  return events
    .map((e) => ({ e, pos: place(e) }))
    .sort((a, b) => a.e.blockNumber - b.e.blockNumber || comparePositions(a.pos, b.pos))
    .map(({ e, pos }) => ({ ...e, seq, mark: { block: e.blockNumber, hash: e.blockHash, pos, final: [finalized, END_OF_BLOCK] } }) as unknown as Topics[T]);
};

/** Events that leave the subscriber's place at `mark` (reorg corrections; `final` per event for final notices). */
export const stampAt = <T extends PositionedTopic>(
  events: Unstamped<Topics[T]>[],
  seq: number,
  mark: Omit<StreamMark, 'final'>,
  finalOf: (e: Unstamped<Topics[T]>) => StreamMark['final'],
): Topics[T][] => events.map((e) => ({ ...e, seq, mark: { ...mark, final: finalOf(e) } }) as unknown as Topics[T]);
