// Who holds a token: the positive balances of one contract (one token id, or the contract's fungible balance) ordered
// by size, and per-account totals over a collectible contract's token ids.
import { dialectOf, readQuery, toBytes, type Db } from '../../db';
import { encodeCursor, pageOfRows, type Page, type ResolvedPage } from '../paging';
import { cursorKey, keysetOrder, type Keyset } from './cursor';
import { balancesAt } from './at-block';
import {
  accountsChangedAfter,
  changesAfter,
  chooseAtBlockPlan,
  recentBalancesAt,
  unchangedAfter,
  valuesAtBlock,
  type AtBlockPlan,
  type AtBlockScope,
  type ChangeRow,
  type ReadKind,
  type SqlSource,
} from './at-block-recent';
import { Where, exactSumColumns, exactSumOf, num, positive } from './sql';

export type TokenHolder = {
  chainId: number;
  contractAddress: string;
  accountAddress: string;
  /** null for the fungible balance of an ERC-20, and for per-account totals over a collectible contract. */
  tokenId: string | null;
  /** Decimal, above zero; for a total, the sum over the account's token ids. */
  balance: string;
  /** How many of the contract's token ids the account holds (1 for a single token's holder, 0 for ERC-20). */
  tokenCount: number;
};

/**
 * `atBlock`: as of this block (checked: at-block.ts); absent or null: now. `plan`: how a read as of a block runs,
 * chosen per read unless given (the bench and the tests run both).
 */
type TokenRef = { chainId: number; contract: string; atBlock?: number | null; plan?: AtBlockPlan };

/** The plan of a read as of a block, or null for the current state. */
const planOf = async (db: Db, q: TokenRef, scope: AtBlockScope, kind: ReadKind): Promise<AtBlockPlan | null> =>
  q.atBlock === null || q.atBlock === undefined ? null : (q.plan ?? chooseAtBlockPlan(db, q.atBlock, scope, kind));

/** What the aggregating reads select `FROM … b` (its parameters go first). */
const sourceOf = async (db: Db, q: TokenRef, scope: AtBlockScope): Promise<SqlSource> => {
  const plan = await planOf(db, q, scope, 'aggregated');
  return plan === 'recent' ? recentBalancesAt(db, q.atBlock!, scope) : { sql: balancesAt(db, q.atBlock), params: [] };
};

export type HoldersQuery = TokenRef & {
  /** A token id ('' for ERC-20 balances), or null: per-account totals over every token id. */
  tokenId: string | null;
  page: ResolvedPage;
};

/**
 * Decimal balances compare by their number of digits first: the holders index keys on it (an expression index on
 * SQLite, the virtual column `balance_digits` on MySQL; migration 1764450000000).
 */
const digitsOf = (db: Db, alias: string) => (dialectOf(db) === 'mysql' ? `${alias}.balance_digits` : `length(${alias}.balance)`);

const holderKey = (db: Db): Keyset => ({
  tag: 'k1',
  columns: [digitsOf(db, 'b'), 'b.balance', 'b.account'],
  types: ['number', 'string', 'bytes'],
  descending: true,
});
const TOTALS_KEY: Keyset = { tag: 'k2', columns: ['n', 'b.account'], types: ['number', 'bytes'], descending: true };

const balanceWhere = (q: TokenRef, tokenId: string) =>
  new Where().add('b.chain_id = ?', q.chainId).add('b.contract = ?', toBytes(q.contract)).add('b.token_id = ?', tokenId).add(positive('b.balance'));

/** One token id's holders (or an ERC-20's, with token id ''), largest balance first: a walk down the holders index. */
const readTokenHolders = async (db: Db, q: HoldersQuery, tokenId: string): Promise<Page<TokenHolder>> => {
  const key = holderKey(db);
  const w = balanceWhere(q, tokenId);
  const order = keysetOrder(db, w, key, q.page);
  const plan = await planOf(db, q, { chainId: q.chainId, contract: q.contract, tokenId }, 'merged');
  const rows =
    plan === 'recent'
      ? await recentHolderRows(db, q, tokenId, key, w, order)
      : await readQuery<HolderRow>(
          db,
          `SELECT b.account, b.balance, ${digitsOf(db, 'b')} AS digits FROM ${balancesAt(db, q.atBlock)} b WHERE ${w} ${order} LIMIT ?`,
          [...w.params, q.page.pageSize + 1],
        );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(key.tag, [num(r.digits), String(r.balance), String(r.account)]),
    (r): TokenHolder => ({
      chainId: q.chainId,
      contractAddress: q.contract,
      accountAddress: String(r.account),
      tokenId: tokenId === '' ? null : tokenId,
      balance: String(r.balance),
      tokenCount: tokenId === '' ? 0 : 1,
    }),
  );
  return { ...page, totalCount: () => countTokenHolders(db, q, tokenId) };
};

type HolderRow = { account: unknown; balance: unknown; digits: unknown };

/** Holder keys compare as the holders index orders them: number of digits, balance (same length: as text), account. */
const compareHolders = (a: [number, string, string], b: [number, string, string]) => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
};

/**
 * The recent plan's rows of a holders page, in reading order, one more than the page: in one statement (one
 * snapshot), the page's first rows of the holders index among the balances unchanged after the block (a walk
 * down the index as now, one seek each for "unchanged"), and the token's changes after the block, from which the
 * changed balances' values at the block are worked out here; the two are merged in the index's order.
 */
const recentHolderRows = async (db: Db, q: HoldersQuery, tokenId: string, key: Keyset, w: Where, order: string): Promise<HolderRow[]> => {
  const atBlock = q.atBlock!;
  const n = q.page.pageSize + 1;
  const changes = changesAfter(db, atBlock, { chainId: q.chainId, contract: q.contract, tokenId });
  const rows = await readQuery<ChangeRow & { arm: unknown }>(
    db,
    `SELECT 0 AS arm, h.account, NULL AS token_id, h.balance, NULL AS delta, NULL AS block_number FROM (
       SELECT b.account, b.balance FROM token_balances b WHERE ${w} AND ${unchangedAfter(db, 'b', atBlock)} ${order} LIMIT ?) h
     UNION ALL ${changes.sql}`,
    [...w.params, n, ...changes.params],
  );
  const keyOf = (account: string, balance: string): [number, string, string] => [balance.length, balance, account];
  const merged = rows.filter((r) => num(r.arm) === 0).map((r) => keyOf(String(r.account), String(r.balance)));
  // The cursor's condition and the order, as keysetOrder gave them to the index walk (the holders key is descending).
  const descending = q.page.backward !== (key.descending ?? false);
  const cursor = q.page.cursor ? (cursorKey(q.page, key) as [number, string, string]) : null;
  for (const { account, value } of valuesAtBlock(rows.filter((r) => num(r.arm) === 1)).values()) {
    if (value <= 0n) continue;
    const k = keyOf(account, value.toString());
    if (cursor && (descending ? compareHolders(k, cursor) >= 0 : compareHolders(k, cursor) <= 0)) continue;
    merged.push(k);
  }
  merged.sort((a, b) => (descending ? compareHolders(b, a) : compareHolders(a, b)));
  return merged.slice(0, n).map(([digits, balance, account]) => ({ account, balance, digits }));
};

const countTokenHolders = async (db: Db, q: TokenRef, tokenId: string) => {
  const w = balanceWhere(q, tokenId);
  const scope = { chainId: q.chainId, contract: q.contract, tokenId };
  if ((await planOf(db, q, scope, 'merged')) === 'recent') return countRecentHolders(db, q.atBlock!, scope, w);
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM ${balancesAt(db, q.atBlock)} b WHERE ${w}`, w.params);
  return num(row.n);
};

/**
 * The recent plan's count, as its pages list them: in one statement, the positive balances not among those changed
 * after the block (a walk of the holders index, each looked up in the changed accounts, read once), and the changes
 * after the block, whose balances at the block are counted here.
 */
const countRecentHolders = async (db: Db, atBlock: number, scope: Required<AtBlockScope>, w: Where) => {
  const changes = changesAfter(db, atBlock, scope);
  const changed = accountsChangedAfter(db, atBlock, scope);
  const rows = await readQuery<ChangeRow & { arm: unknown }>(
    db,
    `SELECT 0 AS arm, NULL AS account, NULL AS token_id, COUNT(*) AS balance, NULL AS delta, NULL AS block_number FROM token_balances b
       WHERE ${w} AND b.account NOT IN (${changed.sql})
     UNION ALL ${changes.sql}`,
    [...w.params, ...changed.params, ...changes.params],
  );
  const unchanged = num(rows.find((r) => num(r.arm) === 0)?.balance ?? 0);
  let atBlockPositive = 0;
  for (const { value } of valuesAtBlock(rows.filter((r) => num(r.arm) === 1)).values()) if (value > 0n) atBlockPositive++;
  return unchanged + atBlockPositive;
};

const contractWhere = (q: TokenRef) => new Where().add('b.chain_id = ?', q.chainId).add('b.contract = ?', toBytes(q.contract)).add(positive('b.balance'));

const countContractHolders = async (db: Db, q: TokenRef) => {
  const w = contractWhere(q);
  const from = await sourceOf(db, q, { chainId: q.chainId, contract: q.contract });
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(DISTINCT b.account) AS n FROM ${from.sql} b WHERE ${w}`, [...from.params, ...w.params]);
  return num(row.n);
};

/**
 * Per-account totals over a collectible contract's token ids, most token ids first (then account). The contract's
 * rows are grouped (its primary-key range), so the cost grows with the contract's holdings, not with the table.
 */
const readContractTotals = async (db: Db, q: HoldersQuery): Promise<Page<TokenHolder>> => {
  const w = contractWhere(q);
  const having = new Where();
  const order = keysetOrder(db, having, TOTALS_KEY, q.page, ['COUNT(*)', 'b.account']);
  const from = await sourceOf(db, q, { chainId: q.chainId, contract: q.contract });
  const rows = await readQuery<Record<string, unknown>>(
    db,
    `SELECT b.account, COUNT(*) AS n, ${exactSumColumns(db, 'b.balance')} FROM ${from.sql} b WHERE ${w}
     GROUP BY b.account ${having.parts.length ? `HAVING ${having}` : ''} ${order} LIMIT ?`,
    [...from.params, ...w.params, ...having.params, q.page.pageSize + 1],
  );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(TOTALS_KEY.tag, [num(r.n), String(r.account)]),
    (r): TokenHolder => ({
      chainId: q.chainId,
      contractAddress: q.contract,
      accountAddress: String(r.account),
      tokenId: null,
      balance: exactSumOf(r),
      tokenCount: num(r.n),
    }),
  );
  return { ...page, totalCount: () => countContractHolders(db, q) };
};

/** Whether the contract's balances carry no token id (an ERC-20, or a contract not classified yet that behaves as one). */
export const isFungible = async (db: Db, chainId: number, contract: string): Promise<boolean> => {
  const rows = await readQuery(db, `SELECT 1 AS one FROM token_balances WHERE chain_id = ? AND contract = ? AND token_id = '' LIMIT 1`, [chainId, toBytes(contract)]);
  return rows.length > 0;
};

export const readHolders = async (db: Db, q: HoldersQuery): Promise<Page<TokenHolder>> => {
  if (q.tokenId !== null) return readTokenHolders(db, q, q.tokenId);
  return (await isFungible(db, q.chainId, q.contract)) ? readTokenHolders(db, q, '') : readContractTotals(db, q);
};

/** How many accounts `readHolders` would list, without reading a page. */
export const countHolders = async (db: Db, q: TokenRef & { tokenId: string | null }): Promise<number> => {
  if (q.tokenId !== null) return countTokenHolders(db, q, q.tokenId);
  return (await isFungible(db, q.chainId, q.contract)) ? countTokenHolders(db, q, '') : countContractHolders(db, q);
};

export type TokenSupply = {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  /** The sum of the holders' balances: what was minted and not burned, as indexed. */
  supply: string;
  holders: number;
};

/** How a supplies list is ordered: its keyset, and a row's cursor values in the keyset's column order. */
export type SupplyOrder = { key: Keyset; cursorOf(tokenId: string): Array<string | number> };

/** Token id as text: the GraphQL list's order. */
const TEXT_ORDER: SupplyOrder = { key: { tag: 'p1', columns: ['b.token_id'], types: ['string'] }, cursorOf: (id) => [id] };

/** Supply and holder count of each token id of a collectible contract, in token id order (as text, unless `order`). */
export const readSupplies = async (
  db: Db,
  q: TokenRef & { tokenIds?: string[]; page: ResolvedPage },
  order: SupplyOrder = TEXT_ORDER,
): Promise<Page<TokenSupply>> => {
  const base = () => {
    const w = new Where().add('b.chain_id = ?', q.chainId).add('b.contract = ?', toBytes(q.contract)).add("b.token_id <> ''").add(positive('b.balance'));
    if (q.tokenIds) w.in('b.token_id', q.tokenIds);
    return w;
  };
  const w = base();
  const orderBy = keysetOrder(db, w, order.key, q.page);
  const scope = { chainId: q.chainId, contract: q.contract };
  const from = await sourceOf(db, q, scope);
  const rows = await readQuery<Record<string, unknown>>(
    db,
    `SELECT b.token_id, COUNT(*) AS n, ${exactSumColumns(db, 'b.balance')} FROM ${from.sql} b WHERE ${w} GROUP BY b.token_id ${orderBy} LIMIT ?`,
    [...from.params, ...w.params, q.page.pageSize + 1],
  );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(order.key.tag, order.cursorOf(String(r.token_id))),
    (r): TokenSupply => ({
      chainId: q.chainId,
      contractAddress: q.contract,
      tokenId: String(r.token_id),
      supply: exactSumOf(r),
      holders: num(r.n),
    }),
  );
  const totalCount = async () => {
    const cw = base();
    const src = await sourceOf(db, q, scope);
    const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(DISTINCT b.token_id) AS n FROM ${src.sql} b WHERE ${cw}`, [...src.params, ...cw.params]);
    return num(row.n);
  };
  return { ...page, totalCount };
};

/** The sum of every positive balance of a collectible contract (for ERC-721: how many tokens exist), exactly. */
export const sumOfSupplies = async (db: Db, key: TokenRef): Promise<string> => {
  const w = new Where().add('b.chain_id = ?', key.chainId).add('b.contract = ?', toBytes(key.contract)).add("b.token_id <> ''").add(positive('b.balance'));
  const from = await sourceOf(db, key, { chainId: key.chainId, contract: key.contract });
  const [row] = await readQuery<Record<string, unknown>>(db, `SELECT ${exactSumColumns(db, 'b.balance')} FROM ${from.sql} b WHERE ${w}`, [...from.params, ...w.params]);
  return exactSumOf(row);
};
