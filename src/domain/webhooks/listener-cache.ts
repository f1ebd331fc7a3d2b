// The listeners of each chain as ingestion matches against them, cached so a chain without listeners costs one map
// lookup per batch. Every listener of the chain, on or off: what a paused or disabled listener matches is recorded
// all the same and waits in the outbox (the deliverer sends only to active listeners), so turning it on again
// continues where it stopped. A change (service.ts, or the deliverer disabling a listener) is announced on the
// 'webhooks' topic through listenersChanged and every process drops its copy; should a notice be lost (Redis down at
// that moment), a copy is still read again after `ttlMs`.
import type { EntityManager } from 'typeorm';
import { WebhookListenerEntity, type Db } from '../../db';
import type { PubSub } from '../../pubsub';
import { compileListener, type CompiledListener } from './filters';

/** Longest a process may go on matching against listeners that changed, when a change notice was lost. */
export const LISTENER_CACHE_TTL_MS = 5_000;

/**
 * Tells every process (this one included) that the chain's listeners changed: their caches drop the chain's copy and
 * the deliverer wakes. The one place the notice is sent from (the service's changes, the deliverer disabling one).
 */
export const listenersChanged = (pubsub: PubSub, chainId: number) => pubsub.publish('webhooks', [{ chainId }]);

export type ListenerCache = {
  /**
   * Every listener of the chain, active or not (read through `m` when given: inside the caller's transaction). Being
   * off is not a matching question: a paused or disabled listener's deliveries are recorded and wait for it.
   */
  of(chainId: number, m?: EntityManager): Promise<CompiledListener[]>;
  close(): void;
};

export const createListenerCache = ({ db, pubsub, ttlMs = LISTENER_CACHE_TTL_MS }: { db: Db; pubsub: PubSub; ttlMs?: number }): ListenerCache => {
  const cached = new Map<number, { at: number; listeners: CompiledListener[] }>();
  // Bumped per notice: a read that a notice overtook is used once but not kept.
  let generation = 0;
  const unsubscribe = pubsub.subscribe('webhooks', ({ chainId }) => {
    generation++;
    cached.delete(chainId);
  });
  return {
    async of(chainId, m) {
      const hit = cached.get(chainId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.listeners;
      const at = Date.now();
      const seen = generation;
      const rows = await (m ?? db.manager).getRepository(WebhookListenerEntity).find({
        select: { id: true, chainId: true, filters: true, kinds: true },
        where: { chainId },
        order: { id: 'ASC' },
      });
      const listeners = rows.map(compileListener);
      if (seen === generation) cached.set(chainId, { at, listeners });
      return listeners;
    },
    close: () => unsubscribe(),
  };
};
