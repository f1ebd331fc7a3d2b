// Delivery leases on the real database: one holder at a time, taken over only once lapsed, and a holder that lost
// its lease can neither renew it nor release the new holder's (the fencing token moved on).
import { loadConfig } from '../../../src/config';
import { createDataSource, migrateDatabase, type Db } from '../../../src/db';
import { acquireLease, releaseLease, renewLease } from '../../../src/domain/webhooks/leases';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

let database: TestDatabase;
let db: Db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(loadConfig(database.env));
  await db.initialize();
  await migrateDatabase(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it('gives a listener to one holder until its lease lapses, then fences the old holder out', async () => {
  const a = await acquireLease(db, 7, 'a', 300);
  expect(a).toEqual({ listenerId: 7, holder: 'a', token: 1 });
  expect(await acquireLease(db, 7, 'b', 300)).toBeNull();
  expect(await renewLease(db.manager, a!, 300)).toBe(true);
  expect(await acquireLease(db, 7, 'b', 300)).toBeNull();
  await sleep(400);
  const b = await acquireLease(db, 7, 'b', 5_000);
  expect(b).toEqual({ listenerId: 7, holder: 'b', token: 2 });
  // a's lease is gone: renewing fails, and its release leaves b's lease alone.
  expect(await renewLease(db.manager, a!, 300)).toBe(false);
  await releaseLease(db, a!);
  expect(await acquireLease(db, 7, 'c', 300)).toBeNull();
  // b releases: anyone may take it at once, with a new token.
  await releaseLease(db, b!);
  expect(await acquireLease(db, 7, 'c', 300)).toEqual({ listenerId: 7, holder: 'c', token: 3 });
});

it('lets two processes racing for a free listener both see one winner', async () => {
  const results = await Promise.all(['x', 'y', 'z'].map((h) => acquireLease(db, 8, h, 5_000)));
  expect(results.filter(Boolean)).toHaveLength(1);
});
