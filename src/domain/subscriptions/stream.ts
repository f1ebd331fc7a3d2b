// One subscriber's event stream: live events of a topic, after a replay from storage when it resumes, with gaps
// either replayed (balances) or announced (logs, receipts: their backfilled blocks keep no receipts).
import type { ChainConfig } from '../../config';
import { ChainCheckpointEntity, type Db } from '../../db';
import {
  END_OF_BLOCK,
  SubscriberTooSlowError,
  subscribeIterator,
  type GapNotice,
  type PositionedTopic,
  type PubSub,
  type ResyncNotice,
  type StreamMark,
  type Topics,
} from '../../pubsub';
import { DomainError, EventsGapError, StreamEndedError } from '../errors';
import { encodeStreamCursor } from './cursor';
import { readSnapshot, replayEvents, type ReplayHints } from './replay';

/** Events a subscriber may fall behind by before it is cut off (its memory is bounded by this). */
export const SUBSCRIBER_QUEUE_LIMIT = 5_000;

type GapMarker = { gap: GapNotice };
type ResyncMarker = { resync: ResyncNotice };
const isGap = (x: object): x is GapMarker => 'gap' in x;
const isResync = (x: object): x is ResyncMarker => 'resync' in x;

/**
 * Where to replay from after a resync notice: the subscriber's own place, or just before the notice's first block when
 * it stands earlier (what it missed before that block was published, and passed over by its filter).
 */
const resyncStart = (mark: StreamMark, fromBlock: number): StreamMark =>
  mark.block >= fromBlock - 1 ? mark : { block: fromBlock - 1, hash: '', pos: null, final: mark.final };

/** An event stream that its server can end (it is stopping) with the cursor that resumes it elsewhere. */
export type EventStream<E> = AsyncIterableIterator<E> & {
  /** Ends the stream: its next `next()` rejects with StreamEndedError carrying the resume cursor of what it delivered. */
  end(): void;
};

/**
 * Where a live subscriber stands before its first event: past everything committed when its live events began to
 * flow (those of later commits are in its queue), so a cursor made from it misses nothing that followed.
 */
const liveMark = async (db: Db, pubsub: PubSub, chainId: number): Promise<StreamMark> => {
  await pubsub.ready();
  const cp = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
  if (!cp) return { block: -1, hash: '', pos: null, final: [-1, END_OF_BLOCK] };
  return { block: cp.indexedBlock, hash: cp.indexedHash ?? '', pos: null, final: [cp.finalizedBlock, END_OF_BLOCK] };
};

export type StreamRequest<T extends PositionedTopic> = {
  db: Db;
  pubsub: PubSub;
  chain: ChainConfig;
  topic: T;
  filter: (e: Topics[T]) => boolean;
  hints: ReplayHints;
  /** Resume point (replayed from storage first), or null for live events only. */
  start: StreamMark | null;
  /** With `fromBlock`: events of earlier blocks are not wanted, live ones included. */
  floor: number | null;
  /** Called once when the stream closes (its consumer returned, or it failed). */
  onClose?: () => void;
};

/**
 * Events in order, each once. A replay reads what was committed when it began (the snapshot's `seq`); live events
 * that arrive meanwhile wait in the subscriber's queue, and those of commits the replay covered are dropped.
 * A subscriber that fell too far behind ends with ResourceExhausted; one whose chain skipped publishing some blocks
 * gets them replayed (balances) or ends with the gap (EventsGapError), never silently.
 */
export const openEventStream = <T extends PositionedTopic>(req: StreamRequest<T>): EventStream<Topics[T]> => {
  const { db, pubsub, chain, topic, filter, hints, floor } = req;
  const chainId = chain.chainId;
  const inner = subscribeIterator<T, GapMarker | ResyncMarker>(pubsub, topic, (e) => e.chainId === chainId && filter(e), { maxQueue: SUBSCRIBER_QUEUE_LIMIT });
  const stopGaps = pubsub.subscribe('gaps', (gap) => {
    if (gap.chainId !== chainId) return;
    if (topic === 'balances') inner.inject({ gap });
    else inner.interrupt(new EventsGapError(gap.chainId, gap.fromBlock, gap.toBlock));
  });
  // A new ingester of the chain: the last commit of the one before may never have been published. In order with the
  // events, so what was delivered before the notice stays delivered and the replay picks up right after it.
  const stopResyncs = pubsub.subscribe('resyncs', (resync) => {
    if (resync.chainId === chainId) inner.inject({ resync });
  });
  let replay: AsyncGenerator<Topics[T][]> | null = null;
  let page: Topics[T][] = [];
  let coveredSeq = 0;
  let starting: Promise<void> | null = null;
  /** What the subscriber has: the place of the last event delivered (or passed over by its filter), else its start. */
  let mark: StreamMark | null = req.start;
  let ending = false;

  const beginReplay = async (from: StreamMark) => {
    // Live events must be flowing to this subscriber before the snapshot is read, or a commit between the two is lost.
    await pubsub.ready();
    const snapshot = await readSnapshot(db, chainId);
    coveredSeq = snapshot.seq;
    replay = replayEvents({ db, chain, topic, from, snapshot, hints });
  };
  if (req.start) starting = beginReplay(req.start);
  else
    starting = liveMark(db, pubsub, chainId).then((m) => {
      mark ??= m;
    });

  const wanted = (e: Topics[T]) => floor === null || e.blockNumber >= floor;
  const close = async () => {
    req.onClose?.();
    stopGaps();
    stopResyncs();
    await replay?.return(undefined);
    return inner.return!();
  };

  const next = async (): Promise<IteratorResult<Topics[T]>> => {
    for (;;) {
      if (starting) {
        const s = starting;
        starting = null;
        await s;
      }
      if (ending) throw new StreamEndedError(encodeStreamCursor(topic, chainId, mark!));
      const replayed = page.shift();
      if (replayed) {
        if (filter(replayed) && wanted(replayed)) {
          mark = replayed.mark;
          return { value: replayed, done: false };
        }
        if (wanted(replayed)) mark = replayed.mark;
        continue;
      }
      if (replay) {
        const r = await replay.next();
        if (!r.done) page = r.value;
        else replay = null;
        continue;
      }
      const r = await inner.next().catch((err) => {
        // Woken by end(): the loop's top answers with the cursor.
        if (ending) return null;
        throw err;
      });
      if (r === null) continue;
      if (r.done) return r;
      const v = r.value;
      if (isGap(v)) {
        starting = beginReplay({ block: v.gap.fromBlock - 1, hash: '', pos: null, final: [-1, END_OF_BLOCK] });
        continue;
      }
      if (isResync(v)) {
        starting = beginReplay(resyncStart(mark!, v.resync.fromBlock));
        continue;
      }
      if (v.seq <= coveredSeq || !wanted(v)) continue;
      mark = v.mark;
      return { value: v, done: false };
    }
  };

  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () =>
      next().catch(async (err) => {
        await close();
        throw err instanceof SubscriberTooSlowError ? new DomainError('ResourceExhausted', err.message) : err;
      }),
    return: async () => {
      await close();
      return { value: undefined, done: true };
    },
    throw: async (err) => {
      await close();
      throw err;
    },
    end() {
      if (ending) return;
      ending = true;
      inner.interrupt(new StreamEndedError(''));
    },
  };
};
