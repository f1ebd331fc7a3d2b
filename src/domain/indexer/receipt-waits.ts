// This process's receipt waits (FetchTransactionReceipt with wait): one node poll per (chain, transaction) however many
// requests wait for it, polling only while some request still waits; one shared head read per chain; and a cap on the
// waits one caller (access key) holds at once.
import type { ChainClient, Hex, Receipt } from '../../chain';
import { DomainError } from '../errors';

/** Between two polls of the node for one transaction's receipt, however many requests wait for it. */
export const RECEIPT_POLL_MS = 500;

export type ReceiptNode = Pick<ChainClient, 'eth_getTransactionReceipt' | 'eth_blockNumber'>;

/** One request's place in the shared poll of a transaction. */
export type ReceiptWatch = {
  /** The outcome of the next poll this watch has not seen: the receipt, or null (not mined yet); rejects when the node failed. */
  next(): Promise<Receipt | null>;
  /** Leaves the poll; the last watch to leave stops it. */
  leave(): void;
};

export type ReceiptWaitStats = {
  /** Waits held now (slots of every caller). */
  waiting: number;
  /** Transactions being polled now (each one node call per RECEIPT_POLL_MS). */
  polls: number;
  /** Waits that ended because their client went away, since start. */
  abandoned: number;
};

export type ReceiptWaits = {
  /**
   * Runs `wait` on one of the caller's slots, released when it settles; ResourceExhausted when the caller holds
   * `perCaller` already. A wait whose signal aborted is counted as abandoned.
   */
  hold<T>(caller: string, signal: AbortSignal | undefined, wait: () => Promise<T>): Promise<T>;
  /** Joins the poll of `hash` on `chainId`, starting it (at once) when nobody else waits for that transaction. */
  watch(chainId: number, hash: Hex, node: ReceiptNode): ReceiptWatch;
  /** The chain's head block, read from the node at most once per half poll interval for every wait that asks. */
  head(chainId: number, node: ReceiptNode): Promise<number>;
  stats(): ReceiptWaitStats;
};

type Outcome = { receipt: Receipt | null } | { error: unknown };

type Member = { unseen: Outcome | null; deliver: ((o: Outcome) => void) | null };

type Poll = { members: Set<Member>; wake: (() => void) | null };

const settle = (o: Outcome): Promise<Receipt | null> => ('error' in o ? Promise.reject(o.error) : Promise.resolve(o.receipt));

/** The error a wait ends with when its client went away: nobody reads it, but it ends every await on the way out. */
export const clientGone = () => new DomainError('Unavailable', 'the request ended: its client went away');

/**
 * A promise that rejects with clientGone() once `signal` aborts (never without one), for Promise.race; `dispose`
 * removes its listener.
 */
export const untilAborted = (signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } => {
  if (!signal) return { promise: new Promise<never>(() => undefined), dispose: () => undefined };
  let onAbort = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(clientGone());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Raced again and again, and may reject between two races.
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
};

export const createReceiptWaits = ({ perCaller }: { perCaller: number | null }): ReceiptWaits => {
  const held = new Map<string, number>();
  let waiting = 0;
  let abandoned = 0;
  const polls = new Map<string, Poll>();
  const heads = new Map<number, { at: number; value: Promise<number> }>();

  const broadcast = (poll: Poll, o: Outcome) => {
    for (const m of poll.members) {
      if (m.deliver) {
        const deliver = m.deliver;
        m.deliver = null;
        deliver(o);
      } else m.unseen = o;
    }
  };

  /** Polls while the poll has members; a receipt or a failure ends it (every member gets it). */
  const run = async (key: string, poll: Poll, hash: Hex, node: ReceiptNode) => {
    try {
      while (poll.members.size) {
        let outcome: Outcome;
        try {
          outcome = { receipt: await node.eth_getTransactionReceipt(hash) };
        } catch (error) {
          outcome = { error };
        }
        broadcast(poll, outcome);
        if (!('receipt' in outcome) || outcome.receipt) return;
        if (!poll.members.size) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RECEIPT_POLL_MS);
          poll.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        poll.wake = null;
      }
    } finally {
      if (polls.get(key) === poll) polls.delete(key);
    }
  };

  return {
    async hold(caller, signal, wait) {
      const n = held.get(caller) ?? 0;
      if (perCaller !== null && n >= perCaller) {
        throw new DomainError(
          'ResourceExhausted',
          `this access key already holds ${perCaller} receipt waits on this server (KEY_RECEIPT_WAITS); wait for one to end, or ask without waiting`,
        );
      }
      held.set(caller, n + 1);
      waiting++;
      try {
        return await wait();
      } finally {
        waiting--;
        const left = (held.get(caller) ?? 1) - 1;
        if (left) held.set(caller, left);
        else held.delete(caller);
        if (signal?.aborted) abandoned++;
      }
    },

    watch(chainId, hash, node) {
      const key = `${chainId}:${hash.toLowerCase()}`;
      let poll = polls.get(key);
      const starting = !poll;
      if (!poll) polls.set(key, (poll = { members: new Set(), wake: null }));
      const member: Member = { unseen: null, deliver: null };
      poll.members.add(member);
      if (starting) void run(key, poll, hash, node);
      const own = poll;
      return {
        next() {
          if (member.unseen) {
            const o = member.unseen;
            member.unseen = null;
            return settle(o);
          }
          return new Promise<Outcome>((resolve) => (member.deliver = resolve)).then(settle);
        },
        leave() {
          if (!own.members.delete(member)) return;
          // The last one out: no further call (one already sent finishes, and its answer is dropped).
          if (!own.members.size) own.wake?.();
        },
      };
    },

    head(chainId, node) {
      const now = Date.now();
      const cached = heads.get(chainId);
      if (cached && now - cached.at < RECEIPT_POLL_MS / 2) return cached.value;
      const value = node.eth_blockNumber();
      const entry = { at: now, value };
      heads.set(chainId, entry);
      value.catch(() => {
        if (heads.get(chainId) === entry) heads.delete(chainId);
      });
      return value;
    },

    stats: () => ({ waiting, polls: polls.size, abandoned }),
  };
};
