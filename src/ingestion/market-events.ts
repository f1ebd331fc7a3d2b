// Keeps market_events and market_event_days in step with transfers, inside the batch's and the rollback's transaction.
import type { EntityManager } from 'typeorm';
import { MarketEventDayEntity, MarketEventEntity, type ChainTransactionRow, type MarketEventDayRow, type MarketEventRow, type TransferRow } from '../db';
import { marketEventsOf } from '../domain/analytics/definition';
import type { ChainWriter } from './chain-writer';
import { chunks } from './write-rows';

/**
 * The (chain, contract, day) counts after a batch's sales were written, counted rather than added so that a replayed
 * batch (rows ignored as duplicates) stays exact; each count is a seek on idx_market_events_day over one day's events.
 */
const countDays = async (m: EntityManager, events: readonly MarketEventRow[]): Promise<Map<string, number>> => {
  const byContract = new Map<string, { chainId: number; contract: string; days: Set<number> }>();
  for (const e of events) {
    const id = `${e.chainId}:${e.contract}`;
    if (!byContract.has(id)) byContract.set(id, { chainId: e.chainId, contract: e.contract, days: new Set() });
    byContract.get(id)!.days.add(e.day);
  }
  const counts = new Map<string, number>();
  for (const { chainId, contract, days } of byContract.values()) {
    for (const part of chunks([...days], 500)) {
      const rows: Array<{ day: number | string; n: number | string }> = await m
        .getRepository(MarketEventEntity)
        .createQueryBuilder('e')
        .select('e.day', 'day')
        .addSelect('COUNT(*)', 'n')
        .where('e.chainId = :chainId AND e.contract = :contract AND e.day IN (:...part)', { chainId, contract, part })
        .groupBy('e.day')
        .getRawMany();
      for (const r of rows) counts.set(`${chainId}:${contract}:${Number(r.day)}`, Number(r.n));
    }
  }
  return counts;
};

/**
 * After a batch's transfers are written: its sales, and the counts of the days they fall on as they stood after each
 * block (the writer keeps the last and logs the steps, so a rollback to any block restores that block's counts).
 */
export const recordMarketEvents = async (m: EntityManager, writer: ChainWriter, transfers: TransferRow[], transactions: ChainTransactionRow[]) => {
  const events = marketEventsOf(transfers, transactions);
  if (!events.length) return;
  await writer.appendByBlock(MarketEventEntity, events);
  const counts = await countDays(m, events);
  // Walking each day's sales back from its final count gives the count after each block.
  const sales = new Map<string, { event: MarketEventRow; perBlock: Map<number, number> }>();
  for (const e of events) {
    const id = `${e.chainId}:${e.contract}:${e.day}`;
    const s = sales.get(id) ?? { event: e, perBlock: new Map<number, number>() };
    s.perBlock.set(e.blockNumber, (s.perBlock.get(e.blockNumber) ?? 0) + 1);
    sales.set(id, s);
  }
  const writes: Array<{ block: number; row: MarketEventDayRow }> = [];
  for (const [id, { event, perBlock }] of sales) {
    let after = counts.get(id) ?? 0;
    for (const block of [...perBlock.keys()].sort((a, b) => b - a)) {
      writes.push({ block, row: { chainId: event.chainId, contract: event.contract, day: event.day, events: after } });
      after -= perBlock.get(block)!;
    }
  }
  await writer.putByKey(MarketEventDayEntity, writes);
};
