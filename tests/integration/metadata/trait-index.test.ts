// The trait search index on a real database: after many documents are written and rewritten (the hook's single-token
// writes and catch-up's batches), token_trait_values counts exactly what token_traits holds, and every search plan
// (driven by its rarest condition, or walking the contract in token order) answers what a scan of the documents would.
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/config/logger';
import { createDataSource, TokenMetadataEntity, type Db } from '../../../src/db';
import { createTokenSearchIndex } from '../../../src/domain/token-search/index-store';
import { searchFilterOf, type SearchFilter } from '../../../src/domain/token-search/filter';
import { filteredTokens, planSearch } from '../../../src/domain/token-search/query';
import { traitsOf } from '../../../src/domain/token-search/traits';
import { emptyDocument } from '../../../src/domain/token-metadata/types';
import type { NormalizedTokenMetadata } from '../../../src/web';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { prng } from '../../bench/lib/stats';

const CHAIN = 31337;
const CONTRACT = `0x${'5e'.repeat(20)}`;
/** Its documents are stored before the index looks at them: the first search's catch-up indexes them, in batches. */
const STORED = `0x${'6f'.repeat(20)}`;
const COLORS = ['Red', 'Green', 'Blue', 'Gold'];

let database: TestDatabase;
let db: Db;
const docs = new Map<string, NormalizedTokenMetadata>();
const storedDocs = new Map<string, NormalizedTokenMetadata>();

const random = prng(3);
const docOf = (tokenId: string): NormalizedTokenMetadata => ({
  ...emptyDocument(tokenId),
  name: `Item ${tokenId}`,
  attributes: [
    { trait_type: 'color', value: COLORS[Math.floor(random() * random() * COLORS.length)] },
    { trait_type: 'level', value: 1 + Math.floor(random() * 40), display_type: 'number' },
    ...(random() < 0.5 ? [{ trait_type: 'hat', value: random() < 0.1 ? 'Crown' : 'Cap' }] : []),
  ],
  properties: { tags: random() < 0.3 ? ['a', 'b'] : ['a'] },
});

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig({ PORT: '0', LOG_LEVEL: 'silent', ...database.env }));
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });
  const index = createTokenSearchIndex({ db, logger: createLogger({ logLevel: 'silent' }) });
  // 300 tokens one by one, then a third of them rewritten with new documents (some values appear, some vanish).
  for (let i = 1; i <= 300; i++) {
    const id = String(i);
    docs.set(id, docOf(id));
    await index.write({ chainId: CHAIN, contract: CONTRACT, tokenId: id }, docs.get(id)!, new Date(1_000 + i));
  }
  for (let i = 3; i <= 300; i += 3) {
    const id = String(i);
    docs.set(id, docOf(id));
    await index.write({ chainId: CHAIN, contract: CONTRACT, tokenId: id }, docs.get(id)!, new Date(5_000 + i));
  }
  const at = new Date(9_000);
  for (let i = 1; i <= 450; i++) storedDocs.set(String(i), docOf(String(i)));
  await db.getRepository(TokenMetadataEntity).insert(
    [...storedDocs].map(([tokenId, d]) => ({ chainId: CHAIN, contract: STORED, tokenId, status: 'AVAILABLE' as const, sourceUri: null, document: JSON.stringify(d), error: null, attempts: 0, fetchedAt: at, attemptedAt: at, retryAt: null, updatedAt: at })),
  );
  await index.catchUp(CHAIN, STORED);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** What a scan of every document says the filter matches, in token id order. */
const scan = (f: SearchFilter) =>
  [...docs.keys()]
    .filter((id) => {
      const traits = traitsOf(docs.get(id)!);
      return f.properties.every((p) =>
        traits.some(
          (t) =>
            t.name === p.name &&
            (!p.values.length || p.values.includes(t.value)) &&
            (p.min === null || (t.valueNum !== null && t.valueNum >= p.min)) &&
            (p.max === null || (t.valueNum !== null && t.valueNum <= p.max)),
        ),
      );
    })
    .sort((a, b) => Number(a) - Number(b));

const run = async (f: SearchFilter, plan: Awaited<ReturnType<typeof planSearch>>) =>
  (await filteredTokens(db, CHAIN, CONTRACT, f, plan).select(['s.tokenId', 's.tokenKey']).orderBy('s.tokenKey', 'ASC').getMany()).map((r) => r.tokenId);

describe('trait search index', () => {
  it('counts each value’s tokens exactly after rewrites, and after a catch-up in batches', async () => {
    await expectCounts(CONTRACT, docs);
    await expectCounts(STORED, storedDocs);
  });

  const expectCounts = async (contract: string, documents: Map<string, NormalizedTokenMetadata>) => {
    const counted = await db.query(
      'SELECT name, value, COUNT(*) AS n FROM token_traits WHERE chain_id = ? AND contract = ? GROUP BY name, value ORDER BY name, value',
      [CHAIN, contract],
    );
    const kept = await db.query(
      'SELECT name, value, tokens AS n FROM token_trait_values WHERE chain_id = ? AND contract = ? AND tokens > 0 ORDER BY name, value',
      [CHAIN, contract],
    );
    const norm = (rows: Array<{ name: string; value: string; n: number | string }>) => rows.map((r) => `${r.name}=${r.value}:${Number(r.n)}`);
    expect(norm(kept)).toEqual(norm(counted));
    const expected = new Map<string, number>();
    for (const d of documents.values()) for (const t of traitsOf(d)) expected.set(`${t.name}=${t.value}`, (expected.get(`${t.name}=${t.value}`) ?? 0) + 1);
    expect(norm(kept).sort()).toEqual([...expected].map(([k, n]) => `${k}:${n}`).sort());
    const searched = await db.query('SELECT COUNT(*) AS n FROM token_search WHERE chain_id = ? AND contract = ?', [CHAIN, contract]);
    expect(Number(searched[0].n)).toBe(documents.size);
  };

  it('every plan answers what a scan of the documents answers', async () => {
    const filters = [
      { properties: [{ name: 'color', values: ['Gold'] }] },
      { properties: [{ name: 'color', values: ['Red', 'Blue'] }, { name: 'level', min: 10, max: 30 }] },
      { properties: [{ name: 'hat', values: ['Crown'] }, { name: 'tags', values: ['b'] }] },
      { properties: [{ name: 'hat' }, { name: 'level', values: [5, 7, 11] }] },
      { properties: [{ name: 'level', min: 1, max: 10 }, { name: 'level', min: 31, max: 40 }] },
      { text: 'item 1', properties: [{ name: 'color', values: ['Red'] }] },
    ].map(searchFilterOf);
    for (const f of filters) {
      const expected = scan(f).filter((id) => !f.text || `item ${id}`.includes(f.text));
      const planned = await planSearch(db, CHAIN, CONTRACT, f);
      expect(await run(f, planned)).toEqual(expected);
      // The other ways to run it: walking in token order, and each condition driving.
      expect(await run(f, { order: planned.order, driver: null })).toEqual(expected);
      for (const d of planned.order) expect(await run(f, { order: planned.order, driver: d })).toEqual(expected);
    }
  });

  it('plans the rarest condition first and lets a rare one drive', async () => {
    const f = searchFilterOf({ properties: [{ name: 'tags', values: ['a'] }, { name: 'hat', values: ['Crown'] }] });
    expect(await planSearch(db, CHAIN, CONTRACT, f)).toEqual({ order: [1, 0], driver: 1 });
  });
});
