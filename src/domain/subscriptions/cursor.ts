// Resume points of subscriptions: the opaque cursor each message carries, or a block to start from.
import type { Position, PositionedTopic, StreamMark } from '../../pubsub';
import { END_OF_BLOCK } from '../../pubsub';
import { invalidArgument } from '../errors';
import type { Maybe } from '../validate';

/** Tags keep a cursor of one stream from being taken by another, whose positions mean something else. */
const TAGS: Record<PositionedTopic, string> = { balances: 'sb1', logs: 'sl1', receipts: 'sr1' };
const POSITION_TYPES: Record<PositionedTopic, Array<'string' | 'number'>> = {
  balances: ['string', 'string', 'string'],
  logs: ['number'],
  receipts: ['number'],
};

export const encodeStreamCursor = (topic: PositionedTopic, chainId: number, m: StreamMark): string =>
  Buffer.from(JSON.stringify([TAGS[topic], chainId, m.block, m.hash, m.pos, m.final[0], m.final[1]]), 'utf8').toString('base64url');

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= -1;

/** The place a cursor names, or InvalidArgument naming `field`. */
export const decodeStreamCursor = (field: string, topic: PositionedTopic, chainId: number, raw: unknown): StreamMark => {
  const bad = (why = 'is not a cursor of this subscription (send back the `cursor` of the last message received)') => invalidArgument(field, why);
  if (typeof raw !== 'string' || raw.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 7 || parsed[0] !== TAGS[topic]) throw bad();
  const [, chain, block, hash, pos, finalBlock, finalIndex] = parsed as unknown[];
  if (chain !== chainId) throw bad(`belongs to chain ${String(chain)}, not ${chainId}`);
  if (!isCount(block) || !isCount(finalBlock) || !isCount(finalIndex) || typeof hash !== 'string' || hash.length > 66) throw bad();
  const types = POSITION_TYPES[topic];
  const posOk = pos === null || (Array.isArray(pos) && pos.length === types.length && pos.every((p, i) => (types[i] === 'number' ? isCount(p) : typeof p === 'string' && p.length <= 100)));
  if (!posOk) throw bad();
  return { block, hash, pos: pos as Position | null, final: [finalBlock, finalIndex] };
};

/**
 * Where a subscription starts: `fromBlock` (every event of that block on), a `cursor` (right after the message that
 * carried it), or null (live only). Both at once are refused.
 */
export const resumePoint = (topic: PositionedTopic, chainId: number, req: { fromBlock?: Maybe<number>; cursor?: Maybe<string> }): StreamMark | null => {
  const hasCursor = !!req.cursor;
  const hasFrom = req.fromBlock != null;
  if (hasCursor && hasFrom) throw invalidArgument('fromBlock', 'give either fromBlock or cursor, not both');
  if (hasCursor) return decodeStreamCursor('cursor', topic, chainId, req.cursor);
  if (!hasFrom) return null;
  const n = req.fromBlock!;
  if (n < 0) throw invalidArgument('fromBlock', 'must be a block number (a non-negative integer)');
  // Standing just before the block: nothing of it received, no hash to check, every later final notice wanted.
  return { block: n - 1, hash: '', pos: null, final: [n - 1, END_OF_BLOCK] };
};
