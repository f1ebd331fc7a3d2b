// Keeps market_events and market_event_days in step with transfers, inside the batch's and the rollback's transaction.
import { In, MoreThan, type EntityManager } from 'typeorm';
import { MarketEventDayEntity, MarketEventEntity, type ChainTransactionRow, type TransferRow } from '../db';
import { marketEventsOf } from '../domain/analytics/definition';
import { chunks, insertIgnore, upsert } from './write-rows';

type DayKey = { chainId: number; contract: string; day: number };

/**
 * Sets each touched (chain, contract, day) count to the number of its market_events rows.
 * Counting rather than adding keeps a replayed batch (rows ignored as duplicates) and a rollback
 * exact; each count is a seek on idx_market_events_day over that one day's events.
 */
const refreshDays = async (m: EntityManager, keys: readonly DayKey[]) => {
  const byContract = new Map<string, { chainId: number; contract: string; days: Set<number> }>();
  for (const k of keys) {
    const id = `${k.chainId}:${k.contract}`;
    if (!byContract.has(id)) byContract.set(id, { chainId: k.chainId, contract: k.contract, days: new Set() });
    byContract.get(id)!.days.add(k.day);
  }
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
      const counted = rows.map((r) => ({ chainId, contract, day: Number(r.day), events: Number(r.n) }));
      await upsert(m, MarketEventDayEntity, counted, ['events'], ['chain_id', 'contract', 'utc_day']);
      const present = new Set(counted.map((r) => r.day));
      const emptied = part.filter((d) => !present.has(d));
      if (emptied.length) await m.getRepository(MarketEventDayEntity).delete({ chainId, contract, day: In(emptied) });
    }
  }
};

/** After a batch's transfers are written: its sales and the counts of the days they fall on. */
export const recordMarketEvents = async (m: EntityManager, transfers: TransferRow[], transactions: ChainTransactionRow[]) => {
  const events = marketEventsOf(transfers, transactions);
  if (!events.length) return;
  await insertIgnore(m, MarketEventEntity, events);
  await refreshDays(m, events);
};

/** On rollback to `ancestor`: the sales of the orphaned blocks go, with their transfers. */
export const removeMarketEvents = async (m: EntityManager, chainId: number, ancestor: number) => {
  const after = { chainId, blockNumber: MoreThan(ancestor) };
  const orphaned = await m.getRepository(MarketEventEntity).find({ select: { chainId: true, contract: true, day: true }, where: after });
  if (!orphaned.length) return;
  await m.getRepository(MarketEventEntity).delete(after);
  await refreshDays(m, orphaned);
};
