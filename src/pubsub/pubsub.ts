// Typed publish/subscribe: in-process by default, Redis when REDIS_URL is set (several processes share events).
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import type { TopicName, Topics } from './types';

export type Unsubscribe = () => void;

export type PubSub = {
  /** Publishes a batch of events of one topic (one message on Redis). */
  publish<T extends TopicName>(topic: T, events: Topics[T][]): Promise<void>;
  subscribe<T extends TopicName>(topic: T, onEvent: (event: Topics[T]) => void): Unsubscribe;
  close(): Promise<void>;
};

const CHANNEL_PREFIX = 'strata:events:';

/**
 * Listeners handed a batch per turn of the event loop. A listener only queues the events, but each
 * subscriber then serialises and sends them in the microtasks that follow: with thousands of subscribers
 * delivered at once, nothing is written until all of them are done and no other request is served
 * meanwhile. Per slice, those microtasks (a subscriber's whole batch) and its sockets' writes finish
 * before the next slice starts.
 */
export const LISTENERS_PER_TURN = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const createPubSub = ({ redisUrl, onError }: { redisUrl: string | null; onError?: (err: unknown) => void }): PubSub => {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliverNow = async (topic: string, events: unknown[]) => {
    const listeners = local.listeners(topic) as Array<(event: unknown) => void>;
    for (let i = 0; i < listeners.length; i += LISTENERS_PER_TURN) {
      if (i > 0) await nextTurn();
      for (const listener of listeners.slice(i, i + LISTENERS_PER_TURN)) {
        try {
          for (const e of events) listener(e);
        } catch (err) {
          onError?.(err);
        }
      }
    }
  };
  // One batch after another, so that every listener receives events in the order they were published. A failed
  // delivery is reported and the chain goes on: a rejected link would silently stop every later batch.
  let delivered: Promise<void> = Promise.resolve();
  const deliver = (topic: string, events: unknown[]) =>
    (delivered = delivered.then(() => deliverNow(topic, events)).catch((err) => onError?.(err)));

  if (!redisUrl) {
    return {
      /** Resolves once every subscriber has the batch. */
      publish(topic, events) {
        return deliver(topic, events);
      },
      subscribe(topic, onEvent) {
        local.on(topic, onEvent);
        return () => local.off(topic, onEvent);
      },
      async close() {
        local.removeAllListeners();
      },
    };
  }

  // Redis needs one connection to publish and one in subscriber mode.
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  pub.on('error', (err) => onError?.(err));
  sub.on('error', (err) => onError?.(err));
  const subscribed = sub.psubscribe(`${CHANNEL_PREFIX}*`);
  sub.on('pmessage', (_pattern, channel, message) => {
    try {
      void deliver(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message));
    } catch (err) {
      onError?.(err);
    }
  });
  return {
    async publish(topic, events) {
      if (events.length) await pub.publish(`${CHANNEL_PREFIX}${topic}`, JSON.stringify(events));
    },
    subscribe(topic, onEvent) {
      local.on(topic, onEvent);
      return () => local.off(topic, onEvent);
    },
    async close() {
      local.removeAllListeners();
      await subscribed.catch(() => undefined);
      sub.disconnect();
      pub.disconnect();
    },
  };
};
