// Typed publish/subscribe: in-process by default, Redis when REDIS_URL is set (several processes share events).
import { EventEmitter } from 'node:events';
import { createRedisClient } from './redis';
import { signMessage, verifyMessage } from './signed-message';
import type { TopicName, Topics } from './types';

export type Unsubscribe = () => void;

export type PubSub = {
  /** Publishes a batch of events of one topic (one message on Redis). */
  publish<T extends TopicName>(topic: T, events: Topics[T][]): Promise<void>;
  subscribe<T extends TopicName>(topic: T, onEvent: (event: Topics[T]) => void): Unsubscribe;
  /** Resolves once events published from now on reach this process's subscribers (Redis: the subscription is live). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Channels are `strata:<namespace>:events:<topic>`. The namespace keeps deployments that share one Redis apart (each
 * hears only its own database's events); the secret authenticates each message (signed-message.ts).
 */
export type RedisEvents = {
  url: string;
  namespace: string;
  secret: string;
  /**
   * Publishes only (a CLI command announcing a change): no subscriber connection, whose commands wait through a Redis
   * outage and would keep the command from ending. Its subscribers hear nothing from Redis.
   */
  publishOnly?: boolean;
};

export const channelPrefix = (namespace: string) => `strata:${namespace}:events:`;

/**
 * Listeners handed a batch per turn of the event loop. A listener only queues the events, but each
 * subscriber then serialises and sends them in the microtasks that follow: with thousands of subscribers
 * delivered at once, nothing is written until all of them are done and no other request is served
 * meanwhile. Per slice, those microtasks (a subscriber's whole batch) and its sockets' writes finish
 * before the next slice starts.
 */
export const LISTENERS_PER_TURN = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type PubSubOptions = {
  /** Events through Redis when set; in-process otherwise. */
  redis: RedisEvents | null;
  onError?: (err: unknown) => void;
  /** A message on this deployment's channels whose signature does not verify (dropped). */
  onRejected?: (channel: string) => void;
};

export const createPubSub = ({ redis, onError, onRejected }: PubSubOptions): PubSub => {
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

  // Subscribers always listen in-process; with Redis, what arrives on the channel is delivered to them locally.
  const subscribe: PubSub['subscribe'] = (topic, onEvent) => {
    local.on(topic, onEvent);
    return () => local.off(topic, onEvent);
  };

  if (!redis) {
    return {
      /** Resolves once every subscriber has the batch. */
      publish(topic, events) {
        return deliver(topic, events);
      },
      subscribe,
      async ready() {},
      async close() {
        local.removeAllListeners();
      },
    };
  }

  // Redis needs one connection to publish and one in subscriber mode.
  const prefix = channelPrefix(redis.namespace);
  const pub = createRedisClient(redis.url, 'publish');
  pub.on('error', (err) => onError?.(err));
  const publish = async (topic: string, events: unknown[]) => {
    if (!events.length) return;
    const channel = `${prefix}${topic}`;
    await pub.publish(channel, signMessage(redis.secret, channel, JSON.stringify(events)));
  };
  if (redis.publishOnly) {
    return {
      publish,
      subscribe,
      async ready() {},
      async close() {
        local.removeAllListeners();
        pub.disconnect();
      },
    };
  }
  const sub = createRedisClient(redis.url, 'subscribe');
  sub.on('error', (err) => onError?.(err));
  // Namespaces are plain words (config), so they hold no glob characters of their own.
  const subscribed = sub.psubscribe(`${prefix}*`);
  sub.on('pmessage', (_pattern, channel, message) => {
    const body = verifyMessage(redis.secret, channel, message);
    if (body === null) return onRejected?.(channel);
    try {
      void deliver(channel.slice(prefix.length), JSON.parse(body));
    } catch (err) {
      onError?.(err);
    }
  });
  return {
    publish,
    subscribe,
    async ready() {
      await subscribed;
    },
    async close() {
      local.removeAllListeners();
      await subscribed.catch(() => undefined);
      sub.disconnect();
      pub.disconnect();
    },
  };
};
