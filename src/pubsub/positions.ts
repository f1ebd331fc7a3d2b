// The order of a block's events on each topic: ingestion publishes them in it, replay reads them in it, and a
// cursor names a place in it.
import type { BalanceEvent, LogEvent, Position, ReceiptEvent, StreamMark } from './types';

export const positionOf = {
  balances: (e: Pick<BalanceEvent, 'contract' | 'account' | 'tokenId'>): Position => [e.contract, e.account, e.tokenId],
  logs: (e: Pick<LogEvent, 'logIndex'>): Position => [e.logIndex],
  receipts: (e: Pick<ReceiptEvent, 'txIndex'>): Position => [e.txIndex],
};

export type PositionedTopic = keyof typeof positionOf;

export const comparePositions = (a: Position, b: Position): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return a.length - b.length;
};

/** Whether an event at (`block`, `pos`) is one a subscriber standing at `mark` already has. */
export const isAtOrBefore = (block: number, pos: Position, mark: Pick<StreamMark, 'block' | 'pos'>): boolean =>
  block < mark.block || (block === mark.block && (mark.pos === null || comparePositions(pos, mark.pos) <= 0));

/** No receipt sorts after this in its block. */
export const END_OF_BLOCK = Number.MAX_SAFE_INTEGER;
