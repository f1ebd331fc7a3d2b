// `strata index` killed with SIGKILL at random moments and replaced by another, for the suites that check what a crash
// may lose or write twice (native-crash, internal-crash, erc6909-crash, approvals-crash): a history is backfilled through a slow proxy (so kills land
// in it), then followed while the chain grows; each kill comes after a commit, a random while later.
import type { Anvil } from './anvil';
import { headBlock, mineBlocks, type TxRequest } from './chain-kit';
import { createTestDatabase, type TestDatabase } from './database';
import { startFaultyProxy, type FaultyProxy } from './faulty-proxy';
import { waitForCanonical } from './ledger';
import { PATIENCE_MS } from './patience';
import { startStrata, type StrataProcess } from './processes';
import type { Random } from './random';
import { loadConfig } from '../../src/config';
import { ChainCheckpointEntity, createDataSource, type Db } from '../../src/db';

export type CrashRun = {
  /** Mined before the first indexer starts: what backfill reads. */
  history: TxRequest[][];
  backfillKills: number;
  followKills: number;
  /** Mined during each kill while following the head. */
  grow: () => TxRequest[][] | Promise<TxRequest[][]>;
  /** Gas of each mined transaction (chain-kit's mineBlocks): a history with calls that revert names it. */
  gas?: bigint;
};

export type CrashHarness = {
  /** Runs the kills; the database (open until close()), the head every indexer reached, and their error log lines. */
  run(r: CrashRun): Promise<{ db: Db; head: number; errors: string[] }>;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const startCrashHarness = async (anvil: Anvil, random: Random, { confirmations, startBlock }: { confirmations: number; startBlock: number }): Promise<CrashHarness> => {
  // A few ms per call, as a remote node has: backfill lasts long enough for kills to land in it.
  const proxy: FaultyProxy = await startFaultyProxy(anvil.rpcUrl, random, { delay: 1, maxDelayMs: 8 });
  const database: TestDatabase = await createTestDatabase();
  const chain = { chainId: anvil.chainId, url: proxy.url, confirmations, maxLogRange: 3, maxConcurrency: 2, startBlock };
  const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', CHAINS: JSON.stringify([chain]) };
  const procs: StrataProcess[] = [];
  let db: Db | undefined;
  let active: StrataProcess;

  const indexedBlock = async () => (await db!.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId }))?.indexedBlock ?? -1;
  const startIndexer = async () => {
    const p = await startStrata(['index'], env, /strata is indexing/, 60_000);
    procs.push(p);
    await p.waitForOutput(/ingestion started/);
    active = p;
  };
  const killAndReplace = async () => {
    const from = await indexedBlock();
    const deadline = Date.now() + PATIENCE_MS;
    while ((await indexedBlock()) <= from) {
      if (Date.now() > deadline) throw new Error(`no commit past block ${from}`);
      await sleep(10);
    }
    await sleep(random.int(0, 400));
    await active.kill('SIGKILL');
    await startIndexer();
  };

  return {
    async run({ history, backfillKills, followKills, grow, gas }) {
      await mineBlocks(anvil, history, { gas });
      await startIndexer();
      db = createDataSource(loadConfig(env));
      await db.initialize();
      for (let i = 0; i < backfillKills; i++) {
        await killAndReplace();
        // Still backfilling: the kill landed in it.
        if ((await indexedBlock()) >= (await headBlock(anvil)).number - confirmations) throw new Error(`kill ${i + 1} came after backfill ended`);
      }
      proxy.setPlan({});
      await waitForCanonical(db, anvil);
      for (let i = 0; i < followKills; i++) {
        const growing = mineBlocks(anvil, await grow(), { gas });
        await killAndReplace();
        await growing;
      }
      const head = await waitForCanonical(db, anvil);
      await active.stop();
      return { db, head, errors: procs.flatMap((p) => p.output().split('\n').filter((l) => /"level":(50|60)/.test(l))) };
    },
    async close() {
      await Promise.all(procs.map((p) => p.kill()));
      await db?.destroy();
      await database.drop();
      await proxy.close();
    },
  };
};
