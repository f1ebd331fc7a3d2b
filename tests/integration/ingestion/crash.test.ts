// Crash safety: `strata index` as real processes, SIGKILLed at random moments during backfill and during head
// following (the chain keeps growing), another process taking over each time. In the end no transfer is lost or
// duplicated and every balance equals balanceOf.
import fs from 'node:fs';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { headBlock, mineBlocks } from '../../helpers/chain-kit';
import { startFaultyProxy, type FaultPlan, type FaultyProxy } from '../../helpers/faulty-proxy';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { seededRandom, withSeed } from '../../helpers/random';
import { createWorkload, type Workload } from '../../helpers/workload';
import { loadConfig } from '../../../src/config';
import { ChainCheckpointEntity, createDataSource, type Db } from '../../../src/db';

const CONFIRMATIONS = 12;
const BACKFILL_KILLS = 12;
const FOLLOW_KILLS = 8;
/** Processes loading or waiting for the lock besides the active one (loading one takes ~2 s of CPU). */
const STANDBYS = 3;
/**
 * anvil on localhost answers in microseconds, and ingestion would swallow any backlog anvil can mine (~5 ms a block)
 * before the next process has even loaded. A few ms per call, as a remote node has, keeps backfill going for
 * seconds; the throttle is lifted for head following.
 */
const REMOTE_NODE: FaultPlan = { delay: 1, maxDelayMs: 12 };
const random = seededRandom();

let anvil: Anvil;
let proxy: FaultyProxy;
let tokens: Tokens;
let workload: Workload;
let database: TestDatabase;
let env: Record<string, string>;
let db: Db | undefined;
const procs: StrataProcess[] = [];

type Kill = { phase: 'backfill' | 'follow'; afterMs: number; indexed: number; head: number };
/** A started `strata index`: loading (proc unset), then loaded and waiting for the chain's ingestion lock. */
type Standby = { proc?: StrataProcess; loaded: Promise<StrataProcess> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const spawnIndexer = (): Standby => {
  const s: Standby = {
    loaded: startStrata(['index'], env, /strata is indexing/, 60_000).then((p) => {
      procs.push(p);
      s.proc = p;
      return p;
    }),
  };
  s.loaded.catch(() => undefined); // surfaced by whoever waits for it
  return s;
};

/** Polls (no listeners or timers left behind) until `pick` finds something; `context` explains a timeout. */
const poll = async <T>(
  what: string,
  pick: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
  context: () => Promise<string> | string = () => '',
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await pick();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${await context()}`);
    await sleep(10);
  }
};

/**
 * The SQLite lock is a lock file its holder keeps fresh; one left by a SIGKILLed holder is taken over once `stale`
 * (15 s). The holder is certainly dead here, so age the file rather than wait those seconds after every kill.
 * (MySQL frees GET_LOCK as soon as the dead process's connection drops.)
 */
const releaseDeadHoldersLock = () => {
  const config = loadConfig(env);
  if (config.database.kind !== 'sqlite') return;
  const past = new Date(Date.now() - 60_000);
  try {
    fs.utimesSync(`${config.database.path}.ingest-${anvil.chainId}.lock`, past, past);
  } catch {
    /* killed before it locked */
  }
};

const indexedBlock = async () => (await db!.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId }))?.indexedBlock ?? -1;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  workload = createWorkload(tokens, Array.from({ length: 10 }, (_, i) => devWallet(anvil, i).address), random);
  proxy = await startFaultyProxy(anvil.rpcUrl, random, REMOTE_NODE);
  database = await createTestDatabase();
  // maxLogRange 2: backfill is hundreds of small batches, each its own transaction, for kills to land in.
  const chain = { chainId: anvil.chainId, url: proxy.url, confirmations: CONFIRMATIONS, maxLogRange: 2, maxConcurrency: 2 };
  // Several `strata index` run at once: each its own operations port.
  env = { ...database.env, PORT: '0', HOST: '127.0.0.1', CHAINS: JSON.stringify([chain]) };
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await db?.destroy();
  await database?.drop();
  await proxy?.close();
  await anvil?.stop();
});

it(`loses and duplicates nothing across ${BACKFILL_KILLS + FOLLOW_KILLS} SIGKILLs during backfill and head following`, () =>
  withSeed(random, async () => {
    const kills: Kill[] = [];
    // The first process to take the lock ingests; the others wait (loading ahead: a loaded one is there whenever it dies).
    let standbys: Standby[] = Array.from({ length: 1 + STANDBYS }, spawnIndexer);
    // History to backfill, mined while they load.
    await mineBlocks(anvil, workload.blocks(300, 4));
    const first = await poll('the first ingester', () => standbys.find((s) => s.proc && /ingestion started/.test(s.proc.output())), 60_000);
    let active = first.proc!;
    standbys = standbys.filter((s) => s !== first);
    // Migrations are applied by now; this connection only reads.
    db = createDataSource(loadConfig(env));
    await db.initialize();

    let mining = false;
    const count = (phase: Kill['phase']) => kills.filter((k) => k.phase === phase).length;

    // One writer to the chain at a time: backlog top-ups (backfill phase), then a steady miner (follow phase).
    let writer: Promise<unknown> = Promise.resolve();
    let writerError: unknown;
    let toppingUp = false;
    /** Keeps a backlog deeper than the confirmations, so lives are spent backfilling. */
    const topUp = async () => {
      const lag = (await headBlock(anvil)).number - (await indexedBlock());
      if (lag >= 150 || toppingUp) return;
      toppingUp = true;
      writer = mineBlocks(anvil, workload.blocks(120, 3))
        .catch((err) => (writerError = err))
        .finally(() => (toppingUp = false));
    };
    const state = async () =>
      `kills ${JSON.stringify(kills)}\nhead ${(await headBlock(anvil)).number}, indexed ${await indexedBlock()}, ` +
      `writer error ${String(writerError)}\nactive process output (end):\n${active.output().slice(-3_000)}`;
    for (let life = 0; count('backfill') < BACKFILL_KILLS || count('follow') < FOLLOW_KILLS; life++) {
      if (life > 2 * (BACKFILL_KILLS + FOLLOW_KILLS)) throw new Error(`could not place the kills: ${JSON.stringify(kills)}`);
      const backfilling = count('backfill') < BACKFILL_KILLS;
      if (backfilling) {
        await topUp(); // mined while the standbys load
      } else if (!mining) {
        await writer;
        proxy.setPlan({});
        await waitForCanonical(db, anvil);
        mining = true;
        writer = (async () => {
          while (mining) {
            await mineBlocks(anvil, workload.blocks(1, random.int(1, 4)));
            await sleep(random.int(50, 250));
          }
        })().catch((err) => (writerError = err));
      }
      await poll('a loaded standby', () => standbys.find((s) => s.proc));
      if (backfilling) await topUp(); // the backlog may be gone by now
      // Mostly once this process has committed something (a slow machine must not turn every life into a startup),
      // sometimes right after it took over.
      if (random.chance(0.8)) {
        const from = await indexedBlock();
        await poll('the active ingester to commit', async () => ((await indexedBlock()) > from ? true : undefined), 30_000, state);
      }
      const afterMs = random.int(0, backfilling ? 500 : 800);
      await sleep(afterMs);
      const [head, indexed] = [(await headBlock(anvil)).number, await indexedBlock()];
      await active.kill('SIGKILL');
      kills.push({ phase: indexed < head - CONFIRMATIONS ? 'backfill' : 'follow', afterMs, indexed, head });
      releaseDeadHoldersLock();
      const next = await poll('a standby to take over', () => standbys.find((s) => s.proc && /ingestion started/.test(s.proc.output())), 20_000, state);
      active = next.proc!;
      standbys = standbys.filter((s) => s !== next);
      // Load ahead only as many processes as kills remain: each costs seconds of CPU.
      const remaining = Math.max(0, BACKFILL_KILLS - count('backfill')) + Math.max(0, FOLLOW_KILLS - count('follow'));
      while (standbys.length < Math.min(STANDBYS, remaining)) standbys.push(spawnIndexer());
    }
    mining = false;
    await writer;
    expect(writerError).toBeUndefined();
    const head = await waitForCanonical(db, anvil);
    await active.stop();
    await Promise.all(standbys.map(async (s) => (await s.loaded).stop()));

    expect(kills.length).toBeGreaterThanOrEqual(20);
    // A restart after a kill never finds the database in a state it cannot carry on from.
    expect(procs.flatMap((p) => p.output().split('\n').filter((l) => /"level":(50|60)/.test(l)))).toEqual([]);
    const { transfers } = await expectLedgerMatchesChain(db, anvil, tokens, head);
    expect(transfers).toBeGreaterThan(3_000);
  }),
  // ~40 s on an idle 2-core machine; a generous ceiling for a loaded one.
);
