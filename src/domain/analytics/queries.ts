// The analytics reads: which contracts a filter covers, and its sales per UTC day.
import { Brackets, type SelectQueryBuilder, type ObjectLiteral } from 'typeorm';
import { CollectionEntity, CollectionLinkEntity, MarketEventDayEntity, MarketEventEntity, type Db } from '../../db';

/** The contracts in scope, grouped by chain. */
export type Scope = Map<number, string[]>;

/** The deployed contracts linked to the project's hosted collections, on the given chains. */
export const linkedContracts = async (db: Db, projectId: number, chainIds: number[]): Promise<Scope> => {
  if (!chainIds.length) return new Map();
  const rows: Array<{ chainId: number | string; contract: string }> = await db
    .getRepository(CollectionLinkEntity)
    .createQueryBuilder('l')
    .innerJoin(CollectionEntity.options.name, 'c', 'c.id = l.collectionId')
    .select('l.chainId', 'chainId')
    .addSelect('l.contract', 'contract')
    .where('c.projectId = :projectId', { projectId })
    .andWhere('l.chainId IN (:...chainIds)', { chainIds })
    .getRawMany();
  const scope: Scope = new Map();
  for (const r of rows) {
    const chainId = Number(r.chainId);
    scope.set(chainId, [...(scope.get(chainId) ?? []), r.contract]);
  }
  return scope;
};

/**
 * `(chain_id = c1 AND contract IN (…) AND utc_day BETWEEN …) OR (chain_id = c2 AND …)`: the day
 * range sits inside each branch so both planners turn every branch into one bounded index range.
 */
const inScope = (qb: SelectQueryBuilder<ObjectLiteral>, scope: Scope, range: { startDay: number; endDay: number }) =>
  qb.andWhere(
    new Brackets((w) => {
      [...scope].forEach(([chainId, contracts], i) =>
        w.orWhere(`(x.chainId = :chain${i} AND x.contract IN (:...contracts${i}) AND x.day BETWEEN :startDay AND :endDay)`, {
          [`chain${i}`]: chainId,
          [`contracts${i}`]: contracts,
          startDay: range.startDay,
          endDay: range.endDay,
        }),
      );
    }),
  );

/**
 * Sales per UTC day in [startDay, endDay]. Why this stays fast on large tables:
 *
 * - Without a token id it reads market_event_days, whose primary key (chain_id, contract, utc_day)
 *   serves the WHERE as one range per (chain, contract): at most one row per contract and day in
 *   range (≤ 1,096 per contract for DAY), whatever the size of transfers or market_events.
 * - With a token id it counts market_events through idx_market_events_token (chain_id, contract,
 *   token_id, utc_day): three equalities then a range on the day, and every column it needs is in
 *   the index, so it reads exactly that token's sales in range and touches no table row.
 *
 * Neither joins transfers or chain_transactions: "the transaction pays" was decided once, when
 * ingestion wrote the batch (src/ingestion/market-events.ts). Days are grouped in SQL with no date
 * function, so both dialects run the same statement; weeks and months are rolled up in TypeScript.
 * Plans as checked: MariaDB 10.11 `range` on PRIMARY (key_len covering all three columns) and
 * `range` on idx_market_events_token with `Using index`; SQLite a MULTI-INDEX OR of
 * `SEARCH … (chain_id=? AND contract=? [AND token_id=?] AND utc_day>? AND utc_day<?)`, the token
 * one on a COVERING INDEX. The GROUP BY then folds at most (contracts × days in range) rows.
 */
export const salesPerDay = async (
  db: Db,
  scope: Scope,
  range: { startDay: number; endDay: number },
  tokenId: string | null,
): Promise<Array<{ day: number; count: number }>> => {
  const nonEmpty: Scope = new Map([...scope].filter(([, contracts]) => contracts.length));
  if (!nonEmpty.size) return [];
  const qb: SelectQueryBuilder<ObjectLiteral> =
    tokenId === null
      ? db.getRepository(MarketEventDayEntity).createQueryBuilder('x').select('x.day', 'day').addSelect('SUM(x.events)', 'n')
      : db
          .getRepository(MarketEventEntity)
          .createQueryBuilder('x')
          .select('x.day', 'day')
          .addSelect('COUNT(*)', 'n')
          .where('x.tokenId = :tokenId', { tokenId });
  inScope(qb, nonEmpty, range).groupBy('x.day');
  const rows: Array<{ day: number | string; n: number | string }> = await qb.getRawMany();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.n) }));
};
