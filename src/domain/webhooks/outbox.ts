// Records what listeners must receive, inside the transaction that commits it (ingestion's batch, rollback and
// finality steps call these through ingestion/webhook-outbox.ts): a crash never loses a delivery and never delivers
// what was not committed. With no listener on the chain each call is one cached lookup. Listeners that are off (paused,
// or disabled by the deliverer) are recorded for like the others: their deliveries wait in the outbox, and turning the
// listener on again sends them, in order, after what it had (the deliverer only sends to active listeners).
import { In, MoreThan, type EntityManager } from 'typeorm';
import { WebhookDeliveryEntity } from '../../db';
import type { BalanceEvent } from '../../pubsub';
import type { Unstamped } from '../subscriptions/events';
import type { ListenerCache } from './listener-cache';
import { blockOf, deliveriesOf, inChainOrder, itemKey, itemsFor, type ChainEvents, type NewDelivery, type WebhookItem } from './payloads';

export type WebhookOutbox = {
  /** The events of a committed batch, per matching listener (on or off). Returns the deliveries recorded. */
  batch(m: EntityManager, chainId: number, events: () => ChainEvents): Promise<number>;
  /**
   * A rollback to `ancestor`: a `reorged` notice for every item recorded for a listener from the orphaned blocks, then
   * (balance listeners) the balances as they stand again.
   */
  rolledBack(m: EntityManager, chainId: number, ancestor: number, restored: Unstamped<BalanceEvent>[]): Promise<number>;
  /** Blocks `from`..`to` became final: listeners that were sent items of them get "every block ≤ to is final". */
  finalized(m: EntityManager, chainId: number, from: number, to: number): Promise<number>;
};

const INSERT_ROWS = 200;
/**
 * Payload bytes per INSERT: a statement must stay under the server's packet limit (MariaDB's max_allowed_packet is
 * 16 MiB by default; a burst block gives 100 listeners a full delivery each, 30 MB in 200 rows), and one delivery of
 * WEBHOOK_BATCH_SIZE items is far below this.
 */
const INSERT_BYTES = 2 * 1024 * 1024;

const insertAll = async (m: EntityManager, rows: NewDelivery[]) => {
  let chunk: NewDelivery[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length) await m.getRepository(WebhookDeliveryEntity).insert(chunk);
    chunk = [];
    bytes = 0;
  };
  for (const row of rows) {
    if (chunk.length && (chunk.length >= INSERT_ROWS || bytes + row.payload.length > INSERT_BYTES)) await flush();
    chunk.push(row);
    bytes += row.payload.length;
  }
  await flush();
  return rows.length;
};

export const createWebhookOutbox = ({ listeners, batchSize }: { listeners: ListenerCache; batchSize: number }): WebhookOutbox => ({
  async batch(m, chainId, build) {
    const listening = await listeners.of(chainId, m);
    if (!listening.length) return 0;
    const events = build();
    const rows = listening.flatMap((l) => deliveriesOf(l.id, chainId, 'data', itemsFor(l, events), batchSize));
    return insertAll(m, rows);
  },

  async rolledBack(m, chainId, ancestor, restored) {
    const listening = await listeners.of(chainId, m);
    if (!listening.length) return 0;
    const recorded = await m.getRepository(WebhookDeliveryEntity).find({
      select: { id: true, listenerId: true, kind: true, payload: true },
      where: { chainId, lastBlock: MoreThan(ancestor), kind: In(['data', 'replay', 'reorged']), listenerId: In(listening.map((l) => l.id)) },
      order: { id: 'ASC' },
    });
    const rows: NewDelivery[] = [];
    for (const l of listening) {
      const seen = new Set<string>();
      const notices: WebhookItem[] = [];
      const mine = recorded.filter((r) => r.listenerId === l.id);
      // Items an earlier rollback already took back (a second reorg at the same height) are not taken back again.
      for (const r of mine.filter((r) => r.kind === 'reorged')) {
        for (const item of JSON.parse(r.payload) as WebhookItem[]) if (item.kind === 'reorged') seen.add(itemKey(item.item));
      }
      for (const r of mine) {
        if (r.kind === 'reorged') continue;
        for (const item of JSON.parse(r.payload) as WebhookItem[]) {
          const key = itemKey(item);
          if (blockOfItem(item) > ancestor && !seen.has(key)) {
            seen.add(key);
            notices.push({ kind: 'reorged', item });
          }
        }
      }
      if (!notices.length) continue;
      const balances = l.kinds.has('balances') ? restored.filter((b) => l.balance(b)).map((b): WebhookItem => ({ kind: 'balance', balance: b })) : [];
      // Notices in chain order, then the restored balances (stamped at the ancestor, so they sort after nothing).
      rows.push(...deliveriesOf(l.id, chainId, 'reorged', [...inChainOrder(notices), ...balances], batchSize));
    }
    return insertAll(m, rows);
  },

  async finalized(m, chainId, from, to) {
    if (to < from) return 0;
    const listening = await listeners.of(chainId, m);
    if (!listening.length) return 0;
    const sent = await m
      .getRepository(WebhookDeliveryEntity)
      .createQueryBuilder('d')
      .select('DISTINCT d.listenerId', 'listenerId')
      .where('d.chainId = :chainId AND d.lastBlock >= :from AND d.firstBlock <= :to', { chainId, from, to })
      .andWhere("d.kind IN ('data', 'replay')")
      .getRawMany<{ listenerId: number | string }>();
    const ids = new Set(listening.map((l) => l.id));
    const rows = sent
      .map((r) => Number(r.listenerId))
      .filter((id) => ids.has(id))
      .flatMap((id) => deliveriesOf(id, chainId, 'final', [{ kind: 'final', blockNumber: to }], batchSize));
    return insertAll(m, rows);
  },
});

/** The block of an item a reorg can take back (notices themselves are not taken back). */
const blockOfItem = (item: WebhookItem): number => (item.kind === 'reorged' || item.kind === 'final' ? -1 : blockOf(item));
