// Subscriptions as async iterators with a bounded queue: a consumer that falls behind is cut off, never buffered without limit.
import type { PubSub } from './pubsub';
import type { TopicName, Topics } from './types';

export class SubscriberTooSlowError extends Error {
  constructor(readonly limit: number) {
    super(`subscriber fell more than ${limit} events behind and was disconnected`);
  }
}

/**
 * An event stream that can be ended with an error after the events already queued (`interrupt`), and take an item
 * of its owner's into its queue, in order with the events (`inject`).
 */
export type EventIterator<E, M = never> = AsyncIterableIterator<E | M> & { interrupt(err: Error): void; inject(item: M): void };

export const subscribeIterator = <T extends TopicName, M = never>(
  pubsub: PubSub,
  topic: T,
  filter: (e: Topics[T]) => boolean,
  { maxQueue = 10_000 }: { maxQueue?: number } = {},
): EventIterator<Topics[T], M> => {
  type Item = Topics[T] | M;
  const queue: Item[] = [];
  let waiting: ((r: IteratorResult<Item>) => void) | null = null;
  let failWaiting: ((err: Error) => void) | null = null;
  let failure: Error | null = null;
  let done = false;

  const enqueue = (event: Item) => {
    if (done || failure) return;
    if (waiting) {
      const w = waiting;
      waiting = failWaiting = null;
      w({ value: event, done: false });
      return;
    }
    if (queue.length >= maxQueue) {
      failure = new SubscriberTooSlowError(maxQueue);
      unsubscribe();
      return;
    }
    queue.push(event);
  };
  const unsubscribe = pubsub.subscribe(topic, (event) => {
    if (filter(event)) enqueue(event);
  });

  const finish = (): IteratorResult<Item> => {
    done = true;
    unsubscribe();
    queue.length = 0;
    if (waiting) waiting({ value: undefined, done: true });
    waiting = failWaiting = null;
    return { value: undefined, done: true };
  };

  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift()!, done: false });
      if (failure) return Promise.reject(failure);
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting = resolve;
        failWaiting = reject;
      });
    },
    inject: enqueue,
    interrupt(err) {
      if (done || failure) return;
      failure = err;
      unsubscribe();
      if (!waiting) return;
      const fail = failWaiting!;
      waiting = failWaiting = null;
      fail(err);
    },
    return() {
      return Promise.resolve(finish());
    },
    throw(err) {
      finish();
      return Promise.reject(err);
    },
  };
};
