// State as of a recent block: the balances as they stand now, except those that changed after the block, taken back
// to their value at the block. Its cost grows with the changes after the block, the replay's (at-block.ts) with every
// balance that ever existed; `chooseAtBlockPlan` picks the cheaper one per read.
import { dialectOf, readQuery, toBytes, type Db } from '../../db';
import { accountIndexHint, accountIndexReady } from './at-block';
import { num } from './sql';

/** recent: now, less the changes after the block (this file). replay: every balance's latest change (at-block.ts). */
export type AtBlockPlan = 'recent' | 'replay';

/** One contract's balances: of one token id ('' for an ERC-20), or of all its token ids. */
export type AtBlockScope = { chainId: number; contract: string; tokenId?: string };

export type SqlSource = { sql: string; params: unknown[] };

/**
 * The recent plan reads each change after the block once (a range of the primary key, in order) where the replay
 * seeks twice per balance that ever existed. It is taken while the scope has fewer changes after the block than
 * RATIO × its balances, as the scope's sketch of its latest changes tells (`statsOf`, read once a minute).
 * `merged`: reads that take the changed balances' values from the changes themselves (a token's holders page and
 * count: no seek per changed balance; each change is shipped to JS instead, about 1 µs a row on SQLite, where a
 * MariaDB seek costs more): ratios near where the two plans cost the same in tests/bench/query-at-block.ts on
 * erc20-100k (BENCHMARKS.md, "Holders at a block: recent-change plan"). `aggregated`: reads that seek each changed
 * balance's value in SQL (supplies, per-account totals, their counts), three seeks per changed balance against the
 * replay's two per balance, and about 0.63 changed balances per change when changes spread evenly: 0.5 keeps them
 * below the replay's seeks (set by that count, not benchmarked).
 */
const RATIO = { merged: { sqlite: 1.5, mysql: 4 }, aggregated: { sqlite: 0.5, mysql: 0.5 } } as const;
export type ReadKind = keyof typeof RATIO;

/** Balances counted at most: past this many, the bound on changes stays RATIO × KEYS_CAP. */
const KEYS_CAP = 50_000;
/** The most block numbers a sketch keeps: every `step`-th change of the ones it read. */
const SKETCH_SAMPLES = 1_024;

/**
 * Where a scope's latest changes lie, newest first: the block numbers of up to the largest bound any read kind uses,
 * every `step`-th kept. With it a read asks for its plan without counting the changes after its block each time (that
 * count, up to 1.5 × the balances on SQLite, cost a read at an old block as much as the replay itself: 26 ms against 15
 * for a page of erc20-100k). `complete`: it holds every change of the scope.
 */
export type ChangeSketch = { blocks: number[]; step: number; complete: boolean };

/**
 * What the choice of plan knows of a scope: how many balances it has and its sketch. Both move slowly and only the
 * choice reads them (never an answer): read once a minute per scope, for at most STATS_SCOPES scopes per database.
 * Changes committed since are missed: at worst a read takes the recent plan where the replay would have been a little
 * cheaper; the answer is the same either way.
 */
type ScopeStats = { balances: number; sketch: ChangeSketch; at: number };
const STATS_TTL_MS = 60_000;
const STATS_SCOPES = 1_000;
const scopeStats = new WeakMap<Db, Map<string, ScopeStats>>();

/**
 * The primary key, named on MariaDB for a contract's changes after a block: it picked idx_balance_changes_block
 * (chain, block) there, which also holds every other contract's changes after the block.
 */
const byPrimaryKey = (db: Db) => (dialectOf(db) === 'mysql' ? ' FORCE INDEX (PRIMARY)' : '');

const tokenCondition = (alias: string, scope: AtBlockScope) => (scope.tokenId === undefined ? '' : ` AND ${alias}.token_id = ?`);
const scopeParams = (scope: AtBlockScope) => {
  const contract = toBytes(scope.contract);
  return scope.tokenId === undefined ? [scope.chainId, contract] : [scope.chainId, contract, scope.tokenId];
};

const readScopeStats = async (db: Db, scope: AtBlockScope): Promise<ScopeStats> => {
  const [row] = await readQuery<{ n: unknown }>(
    db,
    `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM token_balances k WHERE k.chain_id = ? AND k.contract = ?${tokenCondition('k', scope)} LIMIT ${KEYS_CAP}) t`,
    scopeParams(scope),
  );
  const balances = num(row.n);
  const dialect = dialectOf(db);
  const bound = Math.max(1, Math.ceil(balances * Math.max(RATIO.merged[dialect], RATIO.aggregated[dialect])));
  // The contract's changes, whatever their token id: the recent plan reads them all (the primary key has no token id
  // before the account).
  const rows = await readQuery<{ b: unknown }>(
    db,
    `SELECT x.block_number AS b FROM token_balance_changes x${byPrimaryKey(db)}
      WHERE x.chain_id = ? AND x.contract = ? ORDER BY x.block_number DESC LIMIT ${bound}`,
    [scope.chainId, toBytes(scope.contract)],
  );
  const step = Math.max(1, Math.ceil(rows.length / SKETCH_SAMPLES));
  const blocks: number[] = [];
  for (let i = step - 1; i < rows.length; i += step) blocks.push(num(rows[i].b));
  return { balances, sketch: { blocks, step, complete: rows.length < bound }, at: Date.now() };
};

const statsOf = async (db: Db, scope: AtBlockScope): Promise<ScopeStats> => {
  let cached = scopeStats.get(db);
  if (!cached) scopeStats.set(db, (cached = new Map()));
  const id = JSON.stringify([scope.chainId, scope.contract, scope.tokenId]);
  const hit = cached.get(id);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit;
  const stats = await readScopeStats(db, scope);
  cached.delete(id);
  if (cached.size >= STATS_SCOPES) cached.delete(cached.keys().next().value!);
  cached.set(id, stats);
  return stats;
};

/** About how many of the sketch's changes are after the block (Infinity: more than it read). */
export const changesAfterBlock = (sketch: ChangeSketch, atBlock: number): number => {
  // The blocks descend: the first at or below atBlock, by binary search.
  let lo = 0;
  let hi = sketch.blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sketch.blocks[mid] > atBlock) lo = mid + 1;
    else hi = mid;
  }
  if (lo === sketch.blocks.length && !sketch.complete) return Infinity;
  return lo * sketch.step;
};

export const chooseAtBlockPlan = async (db: Db, atBlock: number, scope: AtBlockScope, kind: ReadKind): Promise<AtBlockPlan> => {
  // Without the account index (a first backfill builds it at its end) the recent plan's checks would scan.
  if (!accountIndexReady(db)) return 'replay';
  const { balances, sketch } = await statsOf(db, scope);
  const bound = Math.max(1, Math.ceil(balances * RATIO[kind][dialectOf(db)]));
  return changesAfterBlock(sketch, atBlock) < bound ? 'recent' : 'replay';
};

/**
 * `alias` (a balances row) has not changed after the block: it is its value at the block. Its latest change, one seek
 * of the account index (read backwards: NOT EXISTS of a change after the block read the balance's changes forwards on
 * MariaDB, a ref on four columns filtered by block, 8 ms for a page at the last 10 % of erc20-100k against 5 ms).
 * (SyncBalance writes a change at its block wherever the history disagreed with the contract, so a repaired balance
 * reads the same under both plans.)
 */
export const unchangedAfter = (db: Db, alias: string, atBlock: number): string =>
  `COALESCE((SELECT y.block_number FROM token_balance_changes y${accountIndexHint(db)}
    WHERE y.chain_id = ${alias}.chain_id AND y.account = ${alias}.account AND y.contract = ${alias}.contract AND y.token_id = ${alias}.token_id
    ORDER BY y.block_number DESC LIMIT 1), -1) <= ${atBlock}`;

/**
 * The scope's changes after the block, as rows (arm = 1, account, token_id, balance, delta, block_number) for
 * `valuesAtBlock`: the primary key's range (chain, contract, block > atBlock), read in order.
 */
export const changesAfter = (db: Db, atBlock: number, scope: AtBlockScope): SqlSource => ({
  sql: `SELECT 1 AS arm, x.account, x.token_id, x.balance, x.delta, x.block_number FROM token_balance_changes x${byPrimaryKey(db)}
    WHERE x.chain_id = ? AND x.contract = ? AND x.block_number > ${atBlock}${tokenCondition('x', scope)}`,
  params: scopeParams(scope),
});

/** The accounts of the scope's changes after the block (a subquery: `… account NOT IN (sql)`). */
export const accountsChangedAfter = (db: Db, atBlock: number, scope: AtBlockScope): SqlSource => ({
  sql: `SELECT x.account FROM token_balance_changes x${byPrimaryKey(db)}
    WHERE x.chain_id = ? AND x.contract = ? AND x.block_number > ${atBlock}${tokenCondition('x', scope)}`,
  params: scopeParams(scope),
});

export type ChangeRow = { account: unknown; token_id: unknown; balance: unknown; delta: unknown; block_number: unknown };

/**
 * Each changed balance's value at the block, from its first change after it: the balance after that change less
 * the change's delta (exact, in bigint; no engine subtracts 78-digit integers). A balance first seen after the block
 * comes out 0.
 */
export const valuesAtBlock = (rows: ChangeRow[]): Map<string, { account: string; tokenId: string; value: bigint }> => {
  const first = new Map<string, { block: number; row: ChangeRow }>();
  for (const r of rows) {
    const k = `${String(r.account)}\u0000${String(r.token_id)}`;
    const block = num(r.block_number);
    const seen = first.get(k);
    if (!seen || block < seen.block) first.set(k, { block, row: r });
  }
  const out = new Map<string, { account: string; tokenId: string; value: bigint }>();
  for (const [k, { row }] of first) {
    out.set(k, { account: String(row.account), tokenId: String(row.token_id), value: BigInt(String(row.balance)) - BigInt(String(row.delta)) });
  }
  return out;
};

/**
 * A table of balances' columns (chain_id, contract, account, token_id, balance) as of the block, for the reads that
 * aggregate a whole contract (supplies, per-account totals, counts): the scope's rows unchanged after the block (the
 * contract's primary-key range; the account index seeked only for rows written after the block, since a balances row
 * is written at its latest change or later), and the changed ones at their latest change at or below the block (two
 * seeks each, as the replay). `params` go before the query's own.
 */
export const recentBalancesAt = (db: Db, atBlock: number, scope: AtBlockScope): SqlSource => {
  const mysql = dialectOf(db) === 'mysql';
  const join = mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN';
  const hint = accountIndexHint(db);
  return {
    sql: `(SELECT k.chain_id, k.contract, k.account, k.token_id, k.balance FROM token_balances k
        WHERE k.chain_id = ? AND k.contract = ?${tokenCondition('k', scope)}
          AND (k.block_number <= ${atBlock} OR ${unchangedAfter(db, 'k', atBlock)})
      UNION ALL
      SELECT c.chain_id, c.contract, c.account, c.token_id, bc.balance
        FROM (SELECT DISTINCT x.chain_id, x.contract, x.account, x.token_id FROM token_balance_changes x${byPrimaryKey(db)}
          WHERE x.chain_id = ? AND x.contract = ? AND x.block_number > ${atBlock}${tokenCondition('x', scope)}) c
        ${join} token_balance_changes bc
          ON bc.chain_id = c.chain_id AND bc.contract = c.contract AND bc.account = c.account AND bc.token_id = c.token_id
          AND bc.block_number = (
            SELECT z.block_number FROM token_balance_changes z${hint}
            WHERE z.chain_id = c.chain_id AND z.account = c.account AND z.contract = c.contract AND z.token_id = c.token_id
              AND z.block_number <= ${atBlock}
            ORDER BY z.block_number DESC LIMIT 1))`,
    params: [...scopeParams(scope), ...scopeParams(scope)],
  };
};
