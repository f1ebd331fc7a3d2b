// The listeners of each chain as ingestion matches against them, cached so a chain without listeners costs one map
// lookup per batch. Every listener of the chain, on or off: what a paused or disabled listener matches is recorded
// all the same and waits in the outbox (the deliverer sends only to active listeners), so turning it on again
// continues where it stopped. A change (service.ts) is announced on the 'webhooks' topic and every process drops its
// copy; should a notice be lost (Redis down at that moment), a copy is still read again after `ttlMs`.
import type { EntityManager } from 'typeorm';
import { WebhookListenerEntity, type Db } from '../../db';
import type { PubSub } from '../../pubsub';
import { compileListener, type CompiledListener } from './filters';

/** Longest a process may go on matching against listeners that changed, when a change notice was lost. */
export const LISTENER_CACHE_TTL_MS = 5_000;

export type ListenerCache = {
  /**
   * Every listener of the chain, active or not (read through `m` when given: inside the caller's transaction). Being
   * off is not a matching question: a paused or disabled listener's deliveries are recorded and wait for it.
   */
  of(chainId: number, m?: EntityManager): Promise<CompiledListener[]>;
  /** Tells every process that the chain's listeners changed. */
  changed(chainId: number): Promise<void>;
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
    async changed(chainId) {
      generation++;
      cached.delete(chainId);
      await pubsub.publish('webhooks', [{ chainId }]);
    },
    close: () => unsubscribe(),
  };
};
