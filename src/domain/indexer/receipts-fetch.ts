// One transaction receipt on one chain (FetchTransactionReceipt / ...WithFilter): by hash from the node, or the next
// receipt that matches a filter, optionally waiting a bounded time for it to be mined. A wait ends when its client goes
// away, shares the node poll of its transaction with every other wait for it, and takes one of the caller's slots
// (receipt-waits.ts).
import type { ChainRegistry } from '../../chain/registry';
import type { Hex, Receipt } from '../../chain';
import { ChainCheckpointEntity, type Db } from '../../db';
import { END_OF_BLOCK, type ReceiptEvent } from '../../pubsub';
import { DomainError, invalidArgument } from '../errors';
import { receiptFilter, type ReceiptFilterRequest } from '../subscriptions/filters';
import { clientGone, RECEIPT_POLL_MS, untilAborted, type ReceiptWaits } from './receipt-waits';

/**
 * The longest a request waits for a receipt, whatever `maxBlockWait` says: HTTP clients and proxies give up on a
 * silent request after 30-60 s. A wait ends sooner when its client goes away.
 */
export const RECEIPT_WAIT_MAX_MS = 30_000;

export type ReceiptFetch = {
  chainId: number;
  filter: ReceiptFilterRequest;
  /** Wait for the receipt (up to RECEIPT_WAIT_MAX_MS, and `maxBlockWait` new blocks when above 0); false: answer now. */
  wait: boolean;
  maxBlockWait?: number | null;
  /** Whose wait slots a wait takes (the access key). */
  caller: string;
  /** Aborts when the request's client went away: a wait ends at once, and stops asking the node. */
  signal?: AbortSignal;
};

export type ReceiptFetchDeps = {
  db: Db;
  registry: Pick<ChainRegistry, 'client'>;
  /** The chain's live receipts matching the filter (subscriptions), for a filter without a transaction hash. */
  live(filter: ReceiptFilterRequest): Promise<AsyncIterableIterator<ReceiptEvent>>;
  /** This process's waits: shared polls, shared head reads, slots per caller. */
  waits: ReceiptWaits;
};

const unavailable = (chainId: number) => new DomainError('Unavailable', `chain ${chainId}: the node did not answer; try again later`);

/** The node's receipt in the shape subscriptions push; `final` against ingestion's finalized block. */
const eventOf = (r: Receipt, chainId: number, finalizedBlock: number): ReceiptEvent => ({
  chainId,
  txHash: r.transactionHash.toLowerCase(),
  status: r.status === 0 ? 'FAILED' : 'SUCCESSFUL',
  txIndex: r.transactionIndex,
  txType: r.type,
  blockHash: r.blockHash.toLowerCase(),
  blockNumber: r.blockNumber,
  gasUsed: r.gasUsed.toString(),
  effectiveGasPrice: (r.effectiveGasPrice ?? 0n).toString(),
  from: r.from.toLowerCase(),
  to: (r.to ?? '').toLowerCase(),
  logs: r.logs.map((l) => ({ contractAddress: l.address.toLowerCase(), topics: l.topics.map((t) => t.toLowerCase()), data: l.data.toLowerCase(), index: l.logIndex })),
  final: r.blockNumber <= finalizedBlock,
  reorged: false,
  // Not from a stream: a subscription resumed from its cursor starts after this receipt.
  seq: 0,
  mark: { block: r.blockNumber, hash: r.blockHash.toLowerCase(), pos: [r.transactionIndex], final: [finalizedBlock, END_OF_BLOCK] },
});

const maxBlockWaitOf = (v: number | null | undefined): number => {
  if (v === undefined || v === null) return 0;
  if (!Number.isSafeInteger(v) || v < 0) throw invalidArgument('maxBlockWait', 'must be a non-negative number of blocks');
  return v;
};

/**
 * The receipt the filter names. With `filter.txnHash`: the node's receipt of that transaction (null when not mined and
 * not waiting; NotFound when it does not match the rest of the filter). Without: the next receipt ingestion publishes
 * that matches (transactions that moved tokens), which needs `wait`. Waiting ends with Timeout after
 * RECEIPT_WAIT_MAX_MS, or once the chain's head moved `maxBlockWait` blocks (when above 0); at once when `signal`
 * aborts; and is refused with ResourceExhausted when the caller holds as many waits as it may.
 */
export const fetchReceipt = async (deps: ReceiptFetchDeps, req: ReceiptFetch): Promise<ReceiptEvent | null> => {
  const { chainId, filter, signal } = req;
  const match = receiptFilter(chainId, filter);
  const maxBlocks = maxBlockWaitOf(req.maxBlockWait);
  const hash = filter.txnHash ? (filter.txnHash.toLowerCase() as Hex) : null;
  if (!hash && !req.wait) throw invalidArgument('filter.txnHash', 'is required unless waiting for the next matching receipt');
  const client = await deps.registry.client(chainId).catch(() => Promise.reject(unavailable(chainId)));
  const onNode = <T>(p: Promise<T>) => p.catch((err) => Promise.reject(err instanceof DomainError ? err : unavailable(chainId)));
  const finalized = async () => (await deps.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId }))?.finalizedBlock ?? -1;
  const matched = async (r: Receipt) => {
    const e = eventOf(r, chainId, await finalized());
    if (!match(e)) throw new DomainError('NotFound', `transaction ${hash} does not match the filter`);
    return e;
  };

  if (hash && !req.wait) {
    const r = await onNode(client.eth_getTransactionReceipt(hash));
    return r ? matched(r) : null;
  }

  return deps.waits.hold(req.caller, signal, async () => {
    // Gone before its wait began (while it was admitted, or its key checked): the node is not asked at all.
    if (signal?.aborted) throw clientGone();
    const gone = untilAborted(signal);
    /** The promise, unless the client goes away first. */
    const unlessGone = <T>(p: Promise<T>) => Promise.race([p, gone.promise]);
    const waitMs = RECEIPT_WAIT_MAX_MS;
    const deadline = Date.now() + waitMs;
    const head = () => onNode(deps.waits.head(chainId, client));
    const timeout = (what: string) =>
      new DomainError('Timeout', `${what} within ${maxBlocks ? `${maxBlocks} blocks or ` : ''}${Math.round(waitMs / 1000)} s`);
    try {
      const startHead = maxBlocks ? await unlessGone(head()) : 0;
      /** Whether waiting is over: the time bound, or the head `maxBlockWait` blocks past where it was. */
      const waitedOut = async () => Date.now() >= deadline || (maxBlocks > 0 && (await unlessGone(head())) - startHead >= maxBlocks);

      if (hash) {
        // Every request waiting for this transaction sees the same polls; the first one out of a shared poll's members
        // does not stop it, the last one does.
        const watch = deps.waits.watch(chainId, hash, client);
        try {
          for (;;) {
            const r = await unlessGone(onNode(watch.next()));
            if (r) return await matched(r);
            if (await waitedOut()) throw timeout(`transaction ${hash} was not mined`);
          }
        } finally {
          watch.leave();
        }
      }

      const opening = deps.live(filter);
      const stream = await unlessGone(opening).catch((err: unknown) => {
        // Gone while the subscription opened: it is closed once open.
        void opening.then((s) => s.return?.(), () => undefined);
        throw err;
      });
      try {
        const next = stream.next();
        // Closing the stream below settles `next`; a failure after this request is over has nobody to tell.
        next.catch(() => undefined);
        for (;;) {
          let timer: NodeJS.Timeout | undefined;
          const tick = new Promise<null>((r) => (timer = setTimeout(() => r(null), Math.max(0, Math.min(RECEIPT_POLL_MS, deadline - Date.now())))));
          const got = await unlessGone(Promise.race([next, tick])).finally(() => clearTimeout(timer));
          if (got && !got.done) return got.value;
          if (got?.done) throw unavailable(chainId);
          if (await waitedOut()) throw timeout('no matching receipt was mined');
        }
      } finally {
        void stream.return?.();
      }
    } finally {
      gone.dispose();
    }
  });
};
