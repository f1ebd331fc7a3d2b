// A `strata index` killed with SIGKILL leaves no lock behind: the next process takes the chain's ingestion lock at once
// (the lock dies with its holder: a MySQL connection, or a kernel file lock on SQLite), instead of waiting out a
// staleness timeout while subscribers hear nothing.
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { startStrata, type StrataProcess } from '../../helpers/processes';

let anvil: Anvil;
let db: TestDatabase;
const procs: StrataProcess[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const p of procs) await p.kill();
  await anvil?.stop();
  await db?.drop();
});

const WAITING = /waiting for its lock/;

it('a restarted indexer takes the lock of one killed by SIGKILL without waiting for it', async () => {
  const env = { ...db.env, PORT: '0', HOST: '127.0.0.1', CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]) };
  for (let round = 0; round < 3; round++) {
    const p = await startStrata(['index'], env, /strata is indexing/);
    procs.push(p);
    await p.waitForOutput(/ingestion started/);
    expect(p.output()).not.toMatch(WAITING);
    await p.kill('SIGKILL');
  }
  // A live holder is never judged stale: a second process waits for it.
  const holder = await startStrata(['index'], env, /strata is indexing/);
  procs.push(holder);
  await holder.waitForOutput(/ingestion started/);
  const waiter = await startStrata(['index'], env, /strata is indexing/);
  procs.push(waiter);
  await waiter.waitForOutput(WAITING);
  expect(waiter.output()).not.toMatch(/ingestion started/);
  await holder.kill('SIGKILL');
  await waiter.waitForOutput(/ingestion started/);
});
