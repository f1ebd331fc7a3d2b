// Read replicas on real MariaDB replication (binlog + GTID, scripts/mariadb-pair.sh): queries are served by the replica
// (raw indexer pages and TypeORM reads alike), mutations and their reads by the primary; a replica that lags past the
// bound, stops replicating or dies is skipped, and used again once it recovers. Which server answered is told by rows
// written on one server only. The test starts its own servers on free ports, so it runs in both CI passes whatever
// DATABASE_URL says.
import crypto from 'node:crypto';
import { startMariadbPair, type MariadbPair } from '../../helpers/mariadb-pair';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const DB = 'strata_replicas';
const CHAIN = 31337;
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');
const HASH = `0x${'cd'.repeat(32)}`;
const CONTRACT = `0x${'c0'.repeat(20)}`;
const account = (tag: string) => `0x${tag.padEnd(40, '0')}`;

let pair: MariadbPair | undefined;
let server: TestServer | undefined;
let project: { accessKey: string; bearerToken: string };

const PRIMARY = () => pair!.primaryPort;
const REPLICA = () => pair!.replicaPorts[0];

const insertBalance = (tag: string) =>
  `INSERT INTO ${DB}.token_balances (chain_id, contract, account, token_id, balance, block_number, block_hash) VALUES (${CHAIN}, UNHEX('${CONTRACT.slice(2)}'), UNHEX('${account(tag).slice(2)}'), '', '${parseInt(tag.slice(0, 6), 16)}', 1, UNHEX('${HASH.slice(2)}'))`;

/** The balances a GraphQL query answers for an account (throws on any error, so a failed read cannot pass as "none"). */
const balances = async (tag: string): Promise<string[]> => {
  const r = await server!.graphql(`query($a: String!) { tokenBalances(accountAddress: $a) { edges { node { balance } } } }`, { a: account(tag) }, { 'X-Access-Key': project.accessKey });
  expect(r.status).toBe(200);
  expect(r.body.errors).toBeUndefined();
  return r.body.data.tokenBalances.edges.map((e: { node: { balance: string } }) => e.node.balance);
};

const collectionName = async (id: number): Promise<string> => {
  const r = await server!.graphql(`query($id: Int!) { collection(collectionId: $id) { metadata { name } } }`, { id }, bearer(project.bearerToken));
  expect(r.body.errors).toBeUndefined();
  return r.body.data.collection.metadata.name;
};

const metrics = async () => (await fetch(`${server!.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** The replica's state in /metrics (1 for its current one). */
const replicaState = async (): Promise<string | undefined> => /strata_read_replica_state\{replica="0",state="(\w+)"\} 1\n/.exec(await metrics())?.[1];

/** Its Seconds_Behind_Master at the last check, as /metrics says. */
const replicaLag = async (): Promise<number> => Number(/strata_read_replica_lag_seconds\{replica="0"\} (\S+)\n/.exec(await metrics())?.[1]);

/** Waits for a condition the server reaches on its own (its replica checks run every 200 ms). */
const eventually = async <T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  for (let i = 0; ; i++) {
    const v = await fn();
    if (ok(v)) return v;
    if (i > 600) throw new Error(`never: ${what} (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  pair = await startMariadbPair();
  await pair.sql(PRIMARY(), `CREATE DATABASE ${DB} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await pair.caughtUp(0);
  server = await startTestServer(
    {
      DATABASE_URL: pair.url(PRIMARY(), DB),
      DATABASE_READ_URLS: pair.url(REPLICA(), DB),
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      READ_REPLICA_MAX_LAG_SECONDS: '2',
      READ_REPLICA_CHECK_MS: '200',
      METRICS_TOKEN,
      // A chain whose node is not running: every answer comes from stored rows.
      CHAINS: `${CHAIN}:seeded=http://127.0.0.1:9`,
    },
    { index: false },
  );
  project = await server.createProject();
  // Rows every server has: an account whose balance any of them answers.
  await pair.sql(PRIMARY(), insertBalance('a11'));
  await pair.caughtUp(0);
});

afterAll(async () => {
  try {
    await server?.stop();
  } finally {
    await pair?.stop();
  }
});

describe('routing', () => {
  let collectionId: number;

  it('serves queries from the replica: indexer pages (GraphQL and RPC) and TypeORM reads', async () => {
    expect(await replicaState()).toBe('usable');
    await pair!.local(REPLICA(), insertBalance('b22'));
    expect(await balances('b22')).toEqual([String(0xb22)]);
    const rpc = await server!.rpc('Indexer/GetTokenBalances', { accountAddress: account('b22') }, { 'X-Access-Key': project.accessKey });
    expect(rpc.body.balances.map((b: { balance: string }) => b.balance)).toEqual([String(0xb22)]);

    const created = await server!.graphql(`mutation { createCollection(input: { name: "On the primary" }) { id } }`, {}, bearer(project.bearerToken));
    collectionId = created.body.data.createCollection.id;
    await pair!.caughtUp(0);
    await pair!.local(REPLICA(), `UPDATE ${DB}.collections SET name = 'Only on the replica' WHERE id = ?`, [collectionId]);
    expect(await collectionName(collectionId)).toBe('Only on the replica');
  });

  it('runs mutations on the primary, where their reads see their own writes', async () => {
    const updated = await server!.graphql(
      `mutation($id: Int!) { updateCollection(collectionId: $id, input: { description: "written" }) { metadata { name description } } }`,
      { id: collectionId },
      bearer(project.bearerToken),
    );
    // The name read back is the primary's (the replica's differs), the description the one just written.
    expect(updated.body).toEqual({ data: { updateCollection: { metadata: { name: 'On the primary', description: 'written' } } } });
    // The primary's row replicates over the replica's own change.
    await pair!.caughtUp(0);
    expect(await collectionName(collectionId)).toBe('On the primary');
  });
});

describe('a replica that cannot serve is skipped until it can', () => {
  /** Both replication threads running again (right after START SLAVE the I/O thread is still connecting). */
  const replicating = () =>
    eventually('replication running', () => pair!.sql(REPLICA(), 'SHOW SLAVE STATUS'), ([st]) => st?.Slave_IO_Running === 'Yes' && st?.Slave_SQL_Running === 'Yes');
  const replicate = async (delaySeconds: number) => {
    await pair!.sql(REPLICA(), 'STOP SLAVE');
    await pair!.sql(REPLICA(), `CHANGE MASTER TO MASTER_DELAY = ${delaySeconds}`);
    await pair!.sql(REPLICA(), 'START SLAVE');
    await replicating();
  };
  const serving = () => eventually('the replica serving', replicaState, (s) => s === 'usable');

  // A failed step must not leave the next test a delayed or stopped replica.
  afterEach(async () => {
    await replicate(0);
    await pair!.caughtUp(0);
    await serving();
  });

  it('lagging past the bound: queries read the primary, then the replica again once it has caught up', async () => {
    await replicate(3600);
    await pair!.sql(PRIMARY(), insertBalance('c33'));
    // Seconds_Behind_Master grows from the write on: past 2 s the replica is skipped, and queries find the row that
    // only the primary has.
    await eventually('the replica judged lagging', replicaState, (s) => s === 'lagging');
    expect(await replicaLag()).toBeGreaterThan(2);
    expect(await balances('c33')).toEqual([String(0xc33)]);
    expect(await pair!.sql(REPLICA(), `SELECT 1 FROM ${DB}.token_balances WHERE account = UNHEX(?)`, [account('c33').slice(2)])).toEqual([]);

    await replicate(0);
    await pair!.caughtUp(0);
    await pair!.local(REPLICA(), insertBalance('d44'));
    await eventually('the replica serving again', () => balances('d44'), (b) => b.length === 1);
    expect(await replicaState()).toBe('usable');
    expect(await replicaLag()).toBeLessThanOrEqual(2);
  });

  it('not replicating: queries read the primary until replication runs again', async () => {
    await pair!.sql(REPLICA(), 'STOP SLAVE SQL_THREAD');
    await pair!.sql(PRIMARY(), insertBalance('e55'));
    await eventually('the replica judged stopped', replicaState, (s) => s === 'stopped');
    expect(await balances('e55')).toEqual([String(0xe55)]);
    await pair!.sql(REPLICA(), 'START SLAVE SQL_THREAD');
    await pair!.caughtUp(0);
    await pair!.local(REPLICA(), insertBalance('f66'));
    await eventually('the replica serving again', () => balances('f66'), (b) => b.length === 1);
  });

  it('killed: every query still answers, from the primary; restarted: it serves again', async () => {
    await pair!.local(REPLICA(), insertBalance('a77'));
    await eventually('the replica serving', () => balances('a77'), (b) => b.length === 1);
    const collection = await server!.graphql(`mutation { createCollection(input: { name: "Both" }) { id } }`, {}, bearer(project.bearerToken));
    const id = collection.body.data.createCollection.id;
    await pair!.caughtUp(0);
    // Pooled connections to the replica are open when it dies.
    await Promise.all([balances('a11'), balances('a11'), collectionName(id), collectionName(id)]);

    await pair!.kill(0);
    for (let i = 0; i < 10; i++) {
      const [shared, replicaOnly, name] = await Promise.all([balances('a11'), balances('a77'), collectionName(id)]);
      expect(shared).toEqual([String(0xa11)]);
      expect(replicaOnly).toEqual([]);
      expect(name).toBe('Both');
    }
    expect(await replicaState()).toBe('down');

    await pair!.start();
    await pair!.caughtUp(0);
    await eventually('the restarted replica serving again', () => balances('a77'), (b) => b.length === 1);
    expect(await replicaState()).toBe('usable');
  });
});
