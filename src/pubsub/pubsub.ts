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

export const createPubSub = ({ redisUrl, onError }: { redisUrl: string | null; onError?: (err: unknown) => void }): PubSub => {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (topic: string, events: unknown[]) => {
    for (const e of events) local.emit(topic, e);
  };

  if (!redisUrl) {
    return {
      async publish(topic, events) {
        deliver(topic, events);
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
      deliver(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message));
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
