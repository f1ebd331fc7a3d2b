// Benchmark: state as of a block (atBlock) on the erc20-100k chain (100,064 transfers, 5,001 holders of one token):
// ingests it cold, then times the domain reads behind GraphQL's tokenBalances and tokenHolders, now and at random
// blocks, and reports the size of the index they read (idx_balance_changes_account) per event. The holders page and
// count at a block are timed again at blocks drawn from the last 1 %, the last 10 % and the whole indexed range, each
// with the plan chosen per read (auto) and with each plan forced (recent: now less the changes after the block;
// replay: every balance's latest change; domain/indexer/at-block-recent.ts), with how often auto took recent.
// With --chain-scale <scale>, the same on the chain-scale chain (tests/bench/chain-scale: 2,000 contracts, a million
// events at scale 1), the holders reads on its ERC-20 with the most holders.
// Run: NODE_ENV=production npx tsx tests/bench/query-at-block.ts [-- [--mysql mysql://root@127.0.0.1:3306/strata_abench]
//      [--runs 200] [--chain-scale 1]]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { dialectOf, readQuery, toBytes, type Db } from '../../src/db';
import type { ChainConfig } from '../../src/config';
import { checkedAtBlock } from '../../src/domain/indexer/at-block';
import { chooseAtBlockPlan, type AtBlockPlan } from '../../src/domain/indexer/at-block-recent';
import { readBalances } from '../../src/domain/indexer/balances';
import { countHolders, readHolders } from '../../src/domain/indexer/holders';
import { createApp } from '../../src/main/app';
import { startAnvil, type Anvil } from '../helpers/anvil';
import { numberOption, option } from './lib/args';
import { ERC20_100K, ensureMysqlDatabase, indexedBlock, startErc20Chain, strataEnv, waitForIndexed } from './lib/erc20-100k';
import { ANVIL_ARGS, ensureChainScale } from './chain-scale/generate';
import { nowMs, prng, summarize } from './lib/stats';

const page = (pageSize: number) => ({ pageSize, backward: false, cursor: null });

const indexBytes = async (db: Db): Promise<number | null> => {
  try {
    if (dialectOf(db) === 'sqlite') {
      const [r] = await db.query(`SELECT SUM(pgsize) AS n FROM dbstat WHERE name = 'idx_balance_changes_account'`);
      return Number(r.n);
    }
    await db.query('ANALYZE TABLE token_balance_changes');
    const [r] = await db.query(
      `SELECT stat_value * @@innodb_page_size AS n FROM mysql.innodb_index_stats
       WHERE database_name = DATABASE() AND table_name = 'token_balance_changes' AND index_name = 'idx_balance_changes_account' AND stat_name = 'size'`,
    );
    return r ? Number(r.n) : null;
  } catch {
    return null;
  }
};

/** The chain the reads run on: its node, Strata's data dir, its last block, its events, the token whose holders are read. */
type Subject = { anvil: Anvil; dir: string; lastBlock: number; events: number; token(db: Db): Promise<string>; stop(): Promise<void> };

const erc20Subject = async (): Promise<Subject> => ({ ...(await startErc20Chain()), lastBlock: ERC20_100K.lastBlock, events: 100_064, token: async () => ERC20_100K.token });

const chainScaleSubject = async (scale: number): Promise<Subject> => {
  const { statePath, manifest } = await ensureChainScale(scale);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
  const anvil = await startAnvil({ loadState: statePath, noMining: true, args: [...ANVIL_ARGS, '--prune-history'], stopGraceMs: 10_000, startTimeoutMs: 600_000 });
  return {
    anvil,
    dir,
    lastBlock: manifest.lastBlock,
    events: manifest.logsOnChain,
    // The ERC-20 with the most holders: the heaviest holders page of the chain.
    token: async (db) =>
      String(
        (
          await readQuery<{ contract: string }>(
            db,
            `SELECT contract FROM token_balances WHERE chain_id = ? AND token_id = '' GROUP BY contract ORDER BY COUNT(*) DESC LIMIT 1`,
            [anvil.chainId],
          )
        )[0].contract,
      ),
    async stop() {
      await anvil.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

const main = async () => {
  const runs = numberOption('runs', 200);
  const mysql = option('mysql');
  const scale = option('chain-scale');
  if (mysql) await ensureMysqlDatabase(mysql, { drop: true });
  const chain = scale ? await chainScaleSubject(Number(scale)) : await erc20Subject();
  const env = strataEnv(chain.anvil, { url: chain.anvil.rpcUrl, dataDir: chain.dir, mysqlUrl: mysql });
  const app = await createApp(loadConfig(env), createLogger({ logLevel: 'warn' }), { serve: false, index: true, pollMs: 200 });
  await app.start();
  await waitForIndexed(app.db, chain.anvil.chainId, chain.lastBlock - 1, 3_600_000);
  // The query indexes are built once the backfill reaches the head (ingestion/query-index-deferral.ts).
  for (let i = 0; i < 600; i++) {
    const present = await readQuery<{ n: unknown }>(
      app.db,
      dialectOf(app.db) === 'sqlite'
        ? `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND name = 'idx_balance_changes_account'`
        : `SELECT COUNT(*) AS n FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name = 'idx_balance_changes_account'`,
      [],
    );
    if (Number(present[0].n) > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const db = app.db;
  const chainId = chain.anvil.chainId;
  // As the service does before every atBlock read: it looks up whether the account index exists (at-block.ts).
  await checkedAtBlock(db, { chainId, startBlock: 0 } as ChainConfig, 'atBlock', 1);
  const accounts = (await readQuery<{ account: string }>(db, 'SELECT DISTINCT account FROM token_balances WHERE chain_id = ?', [chainId])).map((r) => String(r.account));
  const [{ n: changes }] = await readQuery<{ n: unknown }>(db, 'SELECT COUNT(*) AS n FROM token_balance_changes', []);
  const indexed = await indexedBlock(db, chainId);
  const contract = await chain.token(db);
  const [{ n: tokenHolders }] = await readQuery<{ n: unknown }>(db, 'SELECT COUNT(*) AS n FROM token_balances WHERE chain_id = ? AND contract = ? AND token_id = ?', [
    chainId,
    toBytes(contract),
    '',
  ]);
  const random = prng(11);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const block = () => 1 + Math.floor(random() * indexed);
  const selection = { status: 'ALL' as const, always: [] };
  const balancesQ = (account: string, atBlock: number | null) => ({ chainId, accounts: [account], contracts: [], excluded: [], tokenId: null, selection, page: page(50), atBlock });

  const time = async (label: string, run: () => Promise<unknown>, extra: () => Record<string, unknown> = () => ({})) => {
    for (let i = 0; i < 10; i++) await run(); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = nowMs();
      await run();
      ms.push(nowMs() - t);
    }
    console.log(JSON.stringify({ read: label, ...summarize(ms), ...extra() }));
  };
  await time('balances of one account, now', () => readBalances(db, balancesQ(pick(accounts), null)));
  await time('balances of one account, atBlock', () => readBalances(db, balancesQ(pick(accounts), block())));
  const holders = (atBlock: number | null) => ({ chainId, contract, tokenId: '', atBlock, page: page(50) });
  await time('holders, first page of 50, now', () => readHolders(db, holders(null)));
  await time('holders, first page of 50, atBlock', () => readHolders(db, holders(block())));
  // Each plan at blocks of the last 1 %, 10 % and the whole range: the same blocks for each (one seed per range).
  const token = { chainId, contract, tokenId: '' };
  for (const [range, fraction] of [['last 1 %', 0.01], ['last 10 %', 0.1], ['whole range', 1]] as const) {
    for (const plan of ['auto', 'recent', 'replay'] as const) {
      const drawn = prng(Math.round(fraction * 1000));
      const near = () => indexed - Math.floor(drawn() * Math.max(1, Math.floor(indexed * fraction)));
      const forced: { plan?: AtBlockPlan } = plan === 'auto' ? {} : { plan };
      await time(`holders page of 50, ${range}, ${plan}`, () => readHolders(db, { ...holders(near()), ...forced }));
      await time(`holders count, ${range}, ${plan}`, () => countHolders(db, { ...token, atBlock: near(), ...forced }));
    }
    // What auto chose, over as many blocks of the range (not timed: the estimate is part of auto's figures above).
    const drawn = prng(Math.round(fraction * 1000));
    let recent = 0;
    for (let i = 0; i < runs; i++) {
      const b = indexed - Math.floor(drawn() * Math.max(1, Math.floor(indexed * fraction)));
      if ((await chooseAtBlockPlan(db, b, token, 'merged')) === 'recent') recent++;
    }
    console.log(JSON.stringify({ range, autoTookRecent: `${recent}/${runs}` }));
  }
  const bytes = await indexBytes(db);
  console.log(
    JSON.stringify({
      database: dialectOf(db),
      chain: scale ? `chain-scale ${scale}` : 'erc20-100k',
      events: chain.events,
      indexedBlock: indexed,
      token: contract,
      tokenBalanceRows: Number(tokenHolders),
      balanceChanges: Number(changes),
      accounts: accounts.length,
      accountIndexBytes: bytes,
      accountIndexBytesPerEvent: bytes === null ? null : Math.round(bytes / chain.events),
    }),
  );
  await app.stop();
  await chain.stop();
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
