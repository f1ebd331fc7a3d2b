// Seeded market analytics rows for the RPC tests: no chain needed, the tables are written as ingestion would.
import type { TestServer } from '../helpers/server';
import { CollectionEntity, CollectionLinkEntity, MarketEventDayEntity, MarketEventEntity, type MarketEventRow } from '../../src/db';

export const C1 = '0x' + 'c1'.repeat(20);
export const C2 = '0x' + 'c2'.repeat(20);
export const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Two configured chains (1 "one", 2 "two"); nothing listens on their URLs and nothing indexes. */
export const ANALYTICS_ENV = {
  CHAINS: JSON.stringify([
    { chainId: 1, name: 'one', url: 'http://127.0.0.1:9' },
    { chainId: 2, name: 'two', url: 'http://127.0.0.1:9' },
  ]),
};

/**
 * Chain 1: C1 token 1 and token 2 on 2024-01-03, token 1 on 2024-01-10; C2 token 9 on 2024-01-04.
 * Chain 2: C1 token 5 on 2024-01-03. Chain 3 (not configured): C1 on 2024-01-03, never counted.
 */
export const seedMarketEvents = async (server: TestServer) => {
  const rows: Array<[number, string, string, string]> = [
    [1, C1, '1', '2024-01-03'],
    [1, C1, '2', '2024-01-03'],
    [1, C1, '1', '2024-01-10'],
    [1, C2, '9', '2024-01-04'],
    [2, C1, '5', '2024-01-03'],
    [3, C1, '1', '2024-01-03'],
  ];
  const events: MarketEventRow[] = rows.map(([chainId, contract, tokenId, date], i) => ({
    chainId,
    blockNumber: 100 + i,
    logIndex: 0,
    batchIndex: 0,
    contract,
    tokenId,
    day: dayOf(date),
  }));
  await server.app.db.getRepository(MarketEventEntity).insert(events);
  const days = new Map<string, { chainId: number; contract: string; day: number; events: number }>();
  for (const e of events) {
    const k = `${e.chainId}:${e.contract}:${e.day}`;
    const row = days.get(k) ?? { chainId: e.chainId, contract: e.contract, day: e.day, events: 0 };
    row.events++;
    days.set(k, row);
  }
  await server.app.db.getRepository(MarketEventDayEntity).insert([...days.values()]);
};

/** A hosted collection of `projectId` linked to `contract` on `chainId`. */
export const linkCollection = async (server: TestServer, projectId: number, chainId: number, contract: string) => {
  const now = new Date();
  const { identifiers } = await server.app.db
    .getRepository(CollectionEntity)
    .insert({ projectId, name: 'linked', description: '', image: null, externalLink: null, properties: null, private: false, createdAt: now, updatedAt: now });
  await server.app.db.getRepository(CollectionLinkEntity).insert({ chainId, contract, collectionId: Number(identifiers[0].id), createdAt: now });
};
