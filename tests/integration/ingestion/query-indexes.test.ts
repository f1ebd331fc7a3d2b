// The first backfill into an empty database runs without the query indexes and builds them at the head
// (DEFER_QUERY_INDEXES): afterwards the schema is the migrations' to the column, and an interrupted deferral is
// finished by whichever process next reaches the head. A database that already holds chain data keeps its indexes.
import { Writable } from 'node:stream';
import pino from 'pino';
import client from 'prom-client';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { chainBalance, deployTokens, indexedBalance, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { loadConfig } from '../../../src/config';
import { createApp, openDatabase, type App } from '../../../src/main/app';
import { QUERY_INDEXES, dropQueryIndexes, missingQueryIndexes, type Db } from '../../../src/db';
import { createQueryIndexDeferral } from '../../../src/ingestion/query-index-deferral';
import { createIngestionMetrics } from '../../../src/ingestion/progress';

let anvil: Anvil;
let tokens: Tokens;
const databases: TestDatabase[] = [];
const apps: App[] = [];
const silent = pino({ level: 'silent' });

/** Every query index as the database describes it: its name, table and key parts in order. */
const describeIndexes = async (db: Db): Promise<string[]> => {
  const names = QUERY_INDEXES.map((i) => i.name);
  if (dialect() === 'mysql') {
    const rows: Array<{ t: string; n: string; c: string | null; e: string | null }> = await db.query(
      `SELECT table_name AS t, index_name AS n, GROUP_CONCAT(COALESCE(column_name, '') ORDER BY seq_in_index) AS c, NULL AS e
         FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name IN (${names.map(() => '?').join(', ')})
         GROUP BY table_name, index_name ORDER BY index_name`,
      names,
    );
    return rows.map((r) => `${r.t}.${r.n}(${r.c})`);
  }
  const out: string[] = [];
  for (const { name, table } of QUERY_INDEXES) {
    const [found] = await db.query(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, [name]);
    if (!found) continue;
    // index_xinfo names each key column, and an expression as cid -2 (what it is, the sql says: length(balance)).
    const parts: Array<{ cid: number; name: string | null; key: number }> = await db.query(`PRAGMA index_xinfo(\`${name}\`)`);
    const expression = /length\(\s*["`]?balance["`]?\s*\)/i.test(found.sql) ? 'length(balance)' : '?';
    out.push(`${table}.${name}(${parts.filter((p) => p.key).map((p) => (p.cid === -2 ? expression : p.name)).join(',')})`);
  }
  return out.sort((a, b) => a.split('.')[1].localeCompare(b.split('.')[1]));
};

const freshDatabase = async () => {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
};

const configFor = (database: TestDatabase, env: Record<string, string> = {}) =>
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...database.env,
    // Every block older than the head's last three is backfilled, so this short chain has a backfill to defer for.
    CATCH_UP_PUBLISH_BLOCKS: '0',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3 }]),
    ...env,
  });

/** The indexes exactly as the migrations create them. */
let migrated: string[];

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  const [A, B] = [0, 1].map((i) => devWallet(anvil, i).address);
  await sendAndWait(tokens.erc20.mint(A, 10_000n));
  await sendAndWait(tokens.erc20.transfer(B, 1_234n));
  await sendAndWait(tokens.erc721.mint(A, 1n));
  await sendAndWait(tokens.erc1155.mintBatch(B, [1n, 2n], [5n, 6n]));
  await anvil.rpc('anvil_mine', ['0x8']);
  const db = await openDatabase(configFor(await freshDatabase()), silent);
  migrated = await describeIndexes(db);
  await db.destroy();
});

afterAll(async () => {
  for (const app of apps) await app.stop();
  for (const d of databases) await d.drop();
  await anvil?.stop();
});

it('the migrations create every query index', () => {
  expect(migrated).toHaveLength(QUERY_INDEXES.length);
});

it('backfills an empty database without the query indexes, builds them at the head, and ends with the migrations\' schema', async () => {
  const lines: Array<{ msg: string; indexes?: unknown }> = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));
  const app = await createApp(configFor(await freshDatabase()), logger, { serve: 'operations', index: true, pollMs: 100 });
  apps.push(app);
  const { port } = await app.start();
  await waitForIndexed(app, anvil);
  const deferred = lines.findIndex((l) => l.msg.startsWith('empty database: query indexes are built'));
  const built = lines.findIndex((l) => l.msg === 'query indexes built');
  expect(deferred).toBeGreaterThanOrEqual(0);
  expect(built).toBeGreaterThan(deferred);
  expect(lines[built].indexes).toEqual(QUERY_INDEXES.map((i) => i.name));
  expect(await describeIndexes(app.db)).toEqual(migrated);
  const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  expect(metrics).toMatch(/^strata_query_indexes_missing 0$/m);
  for (const account of [0, 1].map((i) => devWallet(anvil, i).address)) {
    expect(await indexedBalance(app, anvil.chainId, await tokens.erc20.getAddress(), account, '')).toBe(await chainBalance(tokens, 'erc20', account, '0'));
  }
});

it('keeps the indexes of a database that already holds chain data, and rebuilds those an interrupted deferral left missing', async () => {
  const app = apps[0];
  const metrics = createIngestionMetrics(new client.Registry());
  // A restart finds chain data: nothing is dropped.
  const restarted = createQueryIndexDeferral({ db: app.db, logger: silent, metrics, enabled: true });
  await restarted.beforeBackfill();
  expect(await describeIndexes(app.db)).toEqual(migrated);

  // A process stopped between the drop and the build: the next one to reach the head builds what is missing.
  await dropQueryIndexes(app.db);
  expect(await missingQueryIndexes(app.db)).toHaveLength(QUERY_INDEXES.length);
  const next = createQueryIndexDeferral({ db: app.db, logger: silent, metrics, enabled: true });
  await next.beforeBackfill();
  expect(await missingQueryIndexes(app.db)).toHaveLength(QUERY_INDEXES.length);
  await Promise.all([next.atHead(), next.atHead()]);
  expect(await describeIndexes(app.db)).toEqual(migrated);
  expect((await metrics.queryIndexesMissing.get()).values[0].value).toBe(0);
});

it('DEFER_QUERY_INDEXES=off leaves an empty database\'s indexes in place', async () => {
  const lines: Array<{ msg: string }> = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));
  const app = await createApp(configFor(await freshDatabase(), { DEFER_QUERY_INDEXES: 'off' }), logger, { serve: false, index: true, pollMs: 100 });
  apps.push(app);
  await app.start();
  await waitForIndexed(app, anvil);
  expect(lines.some((l) => l.msg.startsWith('empty database'))).toBe(false);
  expect(lines.some((l) => l.msg === 'query indexes built')).toBe(false);
  expect(await describeIndexes(app.db)).toEqual(migrated);
});

it('builds them once the catch-up window has been followed, not before it', async () => {
  // 40 more blocks: a backfill, then a catch-up window of 30 blocks followed block by block with receipts.
  await anvil.rpc('anvil_mine', ['0x28']);
  const head = Number(await anvil.rpc<string>('eth_blockNumber'));
  const lines: Array<{ msg: string; to?: number }> = [];
  const logger = pino({ level: 'debug' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));
  const app = await createApp(configFor(await freshDatabase(), { CATCH_UP_PUBLISH_BLOCKS: '30' }), logger, { serve: false, index: true, pollMs: 100 });
  apps.push(app);
  await app.start();
  await waitForIndexed(app, anvil);
  for (let waited = 0; !lines.some((l) => l.msg === 'query indexes built') && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  const building = lines.findIndex((l) => l.msg === 'building query indexes');
  expect(building).toBeGreaterThan(0);
  const committed = lines.slice(0, building).filter((l) => l.msg === 'batch committed').map((l) => l.to!);
  // The window's blocks (above head - 30) were written before the build, up to near the head.
  expect(Math.max(...committed)).toBeGreaterThanOrEqual(head - 10);
  expect(await describeIndexes(app.db)).toEqual(migrated);
});
