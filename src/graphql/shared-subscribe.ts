// GraphQL subscriptions whose per-event execution is shared by every subscriber of the same operation.
//
// graphql-js executes a subscription's selection set once per subscriber and event: 5,000 subscribers
// of one document mean 5,000 identical executions of every event. Here the source stream (the
// subscribe resolver, where credentials are checked) is still created per subscriber, but an event is
// executed once per (document, operation name, variables) and the result handed to all of them.
// The pub/sub delivers one event object to every listener, so the object itself keys the cache, and
// the cache entry goes when the event is garbage.
//
// Invariant this relies on: resolvers of subscription payload types read only the event, never the
// caller's context (every caller-specific check happens in `subscribe`). The first subscriber's
// context is the one the shared execution sees.
import {
  createSourceEventStream,
  execute,
  print,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import type { GraphQLContext } from './context';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** The identity of an operation's output: same key, same result for the same event. */
const operationKey = (args: ExecutionArgs): string =>
  `${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}\n${print(args.document)}`;

/**
 * An async iterator over `source` mapped by `fn`. `return()` goes straight to the source (not queued
 * behind a pending `next()` as in an async generator), so a departed subscriber unsubscribes at once.
 */
const mapIterator = <T, U>(source: AsyncIterator<T>, fn: (value: T) => U | Promise<U>): AsyncIterableIterator<U> => {
  const close = async () => {
    await source.return?.();
    return { value: undefined, done: true } as IteratorReturnResult<undefined>;
  };
  const it: AsyncIterableIterator<U> = {
    [Symbol.asyncIterator]: () => it,
    async next() {
      const r = await source.next();
      return r.done ? { value: undefined, done: true } : { value: await fn(r.value), done: false };
    },
    return: close,
    async throw(err: unknown) {
      await close();
      throw err;
    },
  };
  return it;
};

/** A drop-in for graphql-js `subscribe` that executes each event once per distinct operation. */
export const createSharedSubscribe = () => {
  const results = new WeakMap<object, Map<string, Result>>();

  const executeShared = (args: ExecutionArgs, key: string, event: unknown): Result => {
    // Events are objects on our topics; anything else cannot key a WeakMap and runs unshared.
    if (typeof event !== 'object' || event === null) return execute({ ...args, rootValue: event });
    let byOperation = results.get(event);
    if (!byOperation) results.set(event, (byOperation = new Map()));
    let result = byOperation.get(key);
    if (!result) {
      // The context lives as long as the subscription: its loaders must not answer this event from an earlier one.
      (args.contextValue as Partial<GraphQLContext> | undefined)?.loaders?.clear();
      byOperation.set(key, (result = execute({ ...args, rootValue: event })));
    }
    return result;
  };

  return async (args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source as ExecutionResult;
    const key = operationKey(args);
    return mapIterator((source as AsyncIterable<unknown>)[Symbol.asyncIterator](), (event) => executeShared(args, key, event));
  };
};
