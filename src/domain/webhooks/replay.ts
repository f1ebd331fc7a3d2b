// Replay: rebuilds what a listener would have received from a block on, out of stored history (the subscriptions'
// replay, subscriptions/replay.ts), and queues it in the outbox behind the listener's pending deliveries.
import type { ChainConfig } from '../../config';
import { WebhookDeliveryEntity, type Db } from '../../db';
import type { PositionedTopic, Topics } from '../../pubsub';
import { readSnapshot, replayEvents } from '../subscriptions/replay';
import type { CompiledListener } from './filters';
import { deliveriesOf, itemsFor, type ChainEvents } from './payloads';

/** Blocks read per step: a step's events of every kind are matched and queued together, in chain order. */
const WINDOW_BLOCKS = 500;

const strip = <E extends { seq: number; mark: unknown }>(e: E) => {
  const { seq: _seq, mark: _mark, ...rest } = e;
  return rest;
};

export const replayInto = async (db: Db, chain: ChainConfig, listener: CompiledListener, fromBlock: number, batchSize: number): Promise<number> => {
  const snapshot = await readSnapshot(db, chain.chainId);
  let queued = 0;
  for (let x = Math.max(fromBlock, chain.startBlock); x <= snapshot.indexedBlock; x += WINDOW_BLOCKS) {
    const window = { ...snapshot, indexedBlock: Math.min(snapshot.indexedBlock, x + WINDOW_BLOCKS - 1) };
    const read = async <T extends PositionedTopic>(topic: T): Promise<Topics[T][]> => {
      const out: Topics[T][] = [];
      const req = { db, chain, topic, from: { block: x - 1, hash: '', pos: null, final: [-1, -1] as [number, number] }, snapshot: window, hints: { contracts: listener.contracts } };
      for await (const page of replayEvents(req)) out.push(...page);
      return out;
    };
    const events: ChainEvents = {
      logs: listener.kinds.has('events') ? (await read('logs')).map(strip) : [],
      receipts: listener.kinds.has('receipts') ? (await read('receipts')).map(strip) : [],
      balances: listener.kinds.has('balances') ? (await read('balances')).map(strip) : [],
    };
    const rows = deliveriesOf(listener.id, chain.chainId, 'replay', itemsFor(listener, events), batchSize);
    for (let i = 0; i < rows.length; i += 200) await db.getRepository(WebhookDeliveryEntity).insert(rows.slice(i, i + 200));
    queued += rows.length;
  }
  return queued;
};
