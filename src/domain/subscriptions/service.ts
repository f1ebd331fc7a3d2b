// Live subscriptions to balances, token events and receipts: caller checks, filters, bounded delivery.
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { SubscriberTooSlowError, subscribeIterator, type BalanceEvent, type LogEvent, type PubSub, type ReceiptEvent, type TopicName, type Topics } from '../../pubsub';
import { DomainError, EventsGapError } from '../errors';
import { balanceFilter, eventFilter, receiptFilter } from './filters';

/** Events a subscriber may fall behind by before it is cut off (its memory is bounded by this). */
export const SUBSCRIBER_QUEUE_LIMIT = 5_000;

export type SubscriptionsService = {
  balanceUpdates(creds: Credentials, req: { chainID?: unknown; contractAddress: unknown }): Promise<AsyncIterableIterator<BalanceEvent>>;
  events(creds: Credentials, req: { chainID?: unknown; filter?: Record<string, unknown> | null }): Promise<AsyncIterableIterator<LogEvent>>;
  receipts(creds: Credentials, req: { chainID?: unknown; filter?: Record<string, unknown> | null }): Promise<AsyncIterableIterator<ReceiptEvent>>;
};

/**
 * A subscriber that fell too far behind ends with ResourceExhausted rather than an infrastructure error; one whose chain
 * skipped publishing some blocks ends, after the events before them, with the gap (EventsGapError), never silently.
 */
const bounded = <T extends TopicName>(pubsub: PubSub, topic: T, chainId: number, filter: (e: Topics[T]) => boolean): AsyncIterableIterator<Topics[T]> => {
  const inner = subscribeIterator(pubsub, topic, filter, { maxQueue: SUBSCRIBER_QUEUE_LIMIT });
  const stopGaps = pubsub.subscribe('gaps', (gap) => {
    if (gap.chainId === chainId) inner.interrupt(new EventsGapError(gap.chainId, gap.fromBlock, gap.toBlock));
  });
  const release = <R>(r: Promise<R>) => r.finally(stopGaps);
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () =>
      inner.next().catch((err) => {
        stopGaps();
        throw err instanceof SubscriberTooSlowError ? new DomainError('ResourceExhausted', err.message) : err;
      }),
    return: () => release(inner.return!()),
    throw: (err) => release(inner.throw!(err)),
  };
};

export const createSubscriptionsService = ({ auth, chains, pubsub }: { auth: AuthService; chains: ChainsService; pubsub: PubSub }): SubscriptionsService => {
  return {
    async balanceUpdates(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainID', req.chainID);
      return bounded(pubsub, 'balances', chain.chainId, balanceFilter(chain.chainId, req.contractAddress));
    },
    async events(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainID', req.chainID);
      return bounded(pubsub, 'logs', chain.chainId, eventFilter(chain.chainId, req.filter));
    },
    async receipts(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainID', req.chainID);
      return bounded(pubsub, 'receipts', chain.chainId, receiptFilter(chain.chainId, req.filter));
    },
  };
};
