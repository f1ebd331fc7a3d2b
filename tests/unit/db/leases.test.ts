// Leases with a fencing token (src/db/leases.ts), the leadership that holds on Galera: one holder at a time, a lapsed
// lease taken over with the next token, and a holder whose lease was taken over cannot commit (its transaction's fence
// matches no row and nothing of it is stored). Runs on SQLite and, with DATABASE_URL=mysql://…, on MariaDB; the same
// code on three Galera nodes is tests/cluster/galera.test.ts.
import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import {
  LeaseLostError,
  acquireLease,
  createDataSource,
  createHostRotation,
  createLeadership,
  leadershipKind,
  parseDbHosts,
  tryAcquireLease,
  type Db,
} from '../../../src/db';

let database: TestDatabase;
const sources: Db[] = [];
/** A process of its own: a data source with its own connections. */
const open = async () => {
  const db = createDataSource(loadConfig(database.env));
  await db.initialize();
  sources.push(db);
  return db;
};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = await open();
  await db.query('CREATE TABLE lease_probe (id INTEGER NOT NULL PRIMARY KEY, writer VARCHAR(20) NOT NULL)');
});

afterAll(async () => {
  await Promise.all(sources.map((s) => s.destroy()));
  await database.drop();
});

const probe = async (db: Db) => (await db.query('SELECT id, writer FROM lease_probe ORDER BY id')).map((r: { id: number; writer: string }) => [Number(r.id), r.writer]);

it('lets one holder at a time take a lease, and the next one take it over with the next token once it lapses', async () => {
  const [a, b] = [await open(), await open()];
  const first = await acquireLease(a, 'probe-1', { ttlMs: 60_000 });
  expect(await tryAcquireLease(b, 'probe-1', 'b', 60_000)).toBeNull();
  // Released: lapses at once, so the next holder does not wait out the TTL.
  await first.release();
  const second = await tryAcquireLease(b, 'probe-1', 'b', 60_000);
  expect(second).toBe(first.token + 1);
});

it('refuses the commit of a holder whose lease was taken over, and keeps the new holder’s', async () => {
  const [a, b] = [await open(), await open()];
  const leaderA = createLeadership(a, 'probe-2', { mode: 'lease', leaseTtlMs: 60_000 });
  const leadA = await leaderA.acquire({ timeoutMs: 0 });
  expect(leadA.kind).toBe('lease');
  await leaderA.db.transaction(async (m) => void (await m.query("INSERT INTO lease_probe (id, writer) VALUES (1, 'a')")));

  // A stops renewing (paused, cut off) past its expiry; B's attempt finds the lease lapsed and takes it (token + 1).
  await b.query("UPDATE leases SET expires_at = 0 WHERE name = 'probe-2'");
  const leaderB = createLeadership(b, 'probe-2', { mode: 'lease', leaseTtlMs: 60_000 });
  const leadB = await leaderB.acquire({ timeoutMs: 0 });
  expect(leadB.token).toBe(leadA.token! + 1);

  // A wakes up and commits: refused, and nothing of its transaction is stored.
  await expect(leaderA.db.transaction(async (m) => void (await m.query("INSERT INTO lease_probe (id, writer) VALUES (2, 'a')")))).rejects.toBeInstanceOf(
    LeaseLostError,
  );
  expect(leadA.lost()).toBe(true);
  await leaderB.db.transaction(async (m) => void (await m.query("INSERT INTO lease_probe (id, writer) VALUES (3, 'b')")));
  expect(await probe(b)).toEqual([
    [1, 'a'],
    [3, 'b'],
  ]);
  await leadA.release(); // a lost lease is not released over its new holder
  expect(await tryAcquireLease(a, 'probe-2', 'c', 60_000)).toBeNull();
  await leadB.release();
  // Released, the leader's db commits nothing more.
  await expect(leaderB.db.transaction(async (m) => void (await m.query("INSERT INTO lease_probe (id, writer) VALUES (4, 'b')")))).rejects.toBeInstanceOf(
    LeaseLostError,
  );
});

it('renews the lease while held, so a waiting process cannot take it from a live holder', async () => {
  const [a, b] = [await open(), await open()];
  // A TTL a loaded machine's event loop cannot stall past between two renewals (a stall longer than the TTL loses
  // the lease, as designed).
  const held = await acquireLease(a, 'probe-3', { ttlMs: 3_000 });
  await new Promise((r) => setTimeout(r, 7_500)); // two and a half TTLs
  expect(await tryAcquireLease(b, 'probe-3', 'b', 3_000)).toBeNull();
  expect(held.lost()).toBe(false);
  await held.release();
});

it('uses the lock unless told otherwise where the server does not replicate with Galera', async () => {
  const db = await open();
  // SQLite, and the plain MariaDB of the tests (wsrep_on is OFF or absent).
  expect(await leadershipKind(db)).toBe('lock');
  expect(await leadershipKind(db, 'lease')).toBe('lease');
  const lead = await createLeadership(db, 'probe-4').acquire({ timeoutMs: 0 });
  expect(lead.kind).toBe('lock');
  await lead.release();
});

it('moves new connections to the next host once one cannot be reached', async () => {
  const live = net.createServer((s) => s.end());
  await new Promise<void>((r) => live.listen(0, '127.0.0.1', () => r()));
  const livePort = (live.address() as net.AddressInfo).port;
  const dead = net.createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
  const deadPort = (dead.address() as net.AddressInfo).port;
  await new Promise((r) => dead.close(r)); // nothing listens there any more
  const rotation = createHostRotation(parseDbHosts(`127.0.0.1:${deadPort},127.0.0.1:${livePort}`));
  const outcome = (s: net.Socket) =>
    new Promise<string>((resolve) => {
      s.once('connect', () => resolve('connected'));
      s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
  expect(await outcome(rotation.stream())).toBe('ECONNREFUSED');
  expect(rotation.current().port).toBe(livePort);
  const s = rotation.stream();
  expect(await outcome(s)).toBe('connected');
  s.destroy();
  live.close();
  expect(parseDbHosts('a,b:3307,[::1]:3308')).toEqual([
    { host: 'a', port: 3306 },
    { host: 'b', port: 3307 },
    { host: '::1', port: 3308 },
  ]);
});
