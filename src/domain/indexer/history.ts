// Transaction history: transactions whose token transfers match the filter, newest first, with the transfers that concern the accounts.
import { NATIVE_CONTRACT, isInternalPosition } from '../../chain';
import { hexSql, readQuery, type Db } from '../../db';
import { encodeCursor, pageOfRows, type Page, type ResolvedPage } from '../paging';
import { HISTORY_KEY, keysetOrder } from './cursor';
import type { ContractSelection } from './requests';
import { Where, bool, num, selectionCondition, tokenIdCondition } from './sql';
import { directoryAddressesSql } from '../trust/store';
import { spamAddressesSql } from '../trust/verdict-store';
import { contractTypeOf } from './balances';
import type { Transaction, Transfer } from './types';

export type HistoryQuery = {
  chainId: number;
  /** Transactions moving tokens from or to any of these (empty: any account). */
  accounts: string[];
  contracts: string[];
  txHashes: string[];
  fromBlock: number | null;
  toBlock: number | null;
  tokenId: string | null;
  selection: ContractSelection;
  page: ResolvedPage;
};

type TxRow = { block_number: unknown; tx_index: unknown; tx_hash: unknown; block_hash: unknown; ts: unknown };

const TX_COLUMNS = 'block_number, tx_index, tx_hash, block_hash, `timestamp` AS ts';

/** Conditions on transfer rows other than the account (which picks the index: from, to, or none). */
const transferWhere = (db: Db, q: HistoryQuery) => {
  const w = new Where().add('chain_id = ?', q.chainId);
  if (q.contracts.length) w.inBytes('contract', q.contracts);
  if (q.txHashes.length) w.inBytes('tx_hash', q.txHashes);
  if (q.fromBlock !== null) w.add('block_number >= ?', q.fromBlock);
  if (q.toBlock !== null) w.add('block_number <= ?', q.toBlock);
  if (q.tokenId !== null) tokenIdCondition(w, 'token_id', q.tokenId);
  selectionCondition(db, w, 'contract', q.chainId, nativeSelection(q.selection));
  if (excludesNative(q.selection)) w.inBytes('contract', [NATIVE_CONTRACT], true);
  return w;
};

/** The chain's own coin counts as verified: VERIFIED keeps native transfers, UNVERIFIED leaves them out. */
const nativeSelection = (sel: ContractSelection): ContractSelection =>
  sel.status === 'VERIFIED' && !sel.always.includes(NATIVE_CONTRACT) ? { ...sel, always: [...sel.always, NATIVE_CONTRACT] } : sel;
const excludesNative = (sel: ContractSelection) => sel.status === 'UNVERIFIED' && !sel.always.includes(NATIVE_CONTRACT);

/**
 * The page of transactions, in one statement, in reading order (oldest first when paging backward). With accounts,
 * the from-side and the to-side are read separately (each through its own index, each limited to the page) and merged.
 */
const readTransactionPage = async (db: Db, q: HistoryQuery): Promise<TxRow[]> => {
  const limit = q.page.pageSize + 1;
  if (!q.accounts.length) {
    const w = transferWhere(db, q);
    const order = keysetOrder(db, w, HISTORY_KEY, q.page);
    return readQuery<TxRow>(db, `SELECT DISTINCT ${TX_COLUMNS} FROM token_transfers WHERE ${w} ${order} LIMIT ?`, [...w.params, limit]);
  }
  let order = '';
  const side = (column: string) => {
    const w = transferWhere(db, q).inBytes(column, q.accounts);
    order = keysetOrder(db, w, HISTORY_KEY, q.page);
    return { sql: `SELECT * FROM (SELECT DISTINCT ${TX_COLUMNS} FROM token_transfers WHERE ${w} ${order} LIMIT ?)`, params: [...w.params, limit] };
  };
  const from = side('from_address');
  const to = side('to_address');
  return readQuery<TxRow>(
    db,
    `SELECT block_number, tx_index, tx_hash, block_hash, MAX(ts) AS ts FROM (${from.sql} s1 UNION ALL ${to.sql} s2) x
     GROUP BY block_number, tx_index, tx_hash, block_hash ${order} LIMIT ?`,
    [...from.params, ...to.params, limit],
  );
};

/**
 * Distinct transactions matching the request, counted through the same indexes as the page (account, contract or
 * hash first): as many index entries as the matched transfers, never the table.
 */
const countTransactions = (db: Db, q: HistoryQuery) => async () => {
  const distinct = (w: { toString(): string }) => `SELECT DISTINCT block_number, tx_index FROM token_transfers WHERE ${w}`;
  if (!q.accounts.length) {
    const w = transferWhere(db, q);
    const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM (${distinct(w)}) x`, w.params);
    return num(row.n);
  }
  const from = transferWhere(db, q).inBytes('from_address', q.accounts);
  const to = transferWhere(db, q).inBytes('to_address', q.accounts);
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM (${distinct(from)} UNION ${distinct(to)}) x`, [...from.params, ...to.params]);
  return num(row.n);
};

/** Every transfer row of the page's transactions, with the flags of their contracts; one statement. */
const readTransfers = async (db: Db, chainId: number, txs: TxRow[]): Promise<Array<Record<string, unknown>>> => {
  if (!txs.length) return [];
  const w = new Where().add('t.chain_id = ?', chainId).inBytes('t.tx_hash', [...new Set(txs.map((t) => String(t.tx_hash)))]);
  return readQuery(
    db,
    `SELECT t.block_number, t.block_hash, t.tx_hash, t.log_index, t.batch_index, t.contract, t.contract_type, t.from_address, t.to_address,
            t.token_id, t.amount, c.verified, c.blacklist, CASE WHEN t.contract IN (${directoryAddressesSql(db, true)}) THEN 1 ELSE 0 END AS listed,
            CASE WHEN t.contract IN (${spamAddressesSql(db)}) THEN 1 ELSE 0 END AS spam
     FROM token_transfers t LEFT JOIN contracts c ON c.chain_id = t.chain_id AND c.address = ${hexSql(db, 't.contract')}
     WHERE ${w} ORDER BY t.block_number, t.log_index, t.batch_index`,
    [chainId, chainId, chainId, chainId, ...w.params],
  );
};

const passes = (selection: ContractSelection, r: Record<string, unknown>) => {
  const sel = nativeSelection(selection);
  if (sel.status === 'ALL' || sel.always.includes(String(r.contract))) return true;
  if (String(r.contract) === NATIVE_CONTRACT && excludesNative(sel)) return false;
  // As selectionCondition: in the token directory counts as verified.
  const verified = bool(r.verified) || bool(r.listed);
  const blacklisted = bool(r.blacklist);
  // A stored SPAM verdict leaves it out of UNVERIFIED too (a verified or listed contract's verdict is OK).
  return sel.status === 'VERIFIED' ? verified && !blacklisted : !verified && !blacklisted && !bool(r.spam);
};

/** Groups item rows into one Transfer per log; keeps the logs that touch the accounts (all of them when none are given). */
const transfersOf = (q: HistoryQuery, rows: Array<Record<string, unknown>>): Map<string, Transfer[]> => {
  const accounts = new Set(q.accounts);
  const byTx = new Map<string, Transfer[]>();
  let current: Transfer | null = null;
  let currentKey = '';
  for (const r of rows) {
    const from = String(r.from_address);
    const to = String(r.to_address);
    if (accounts.size && !accounts.has(from) && !accounts.has(to)) continue;
    if (!passes(q.selection, r)) continue;
    const tokenId = String(r.token_id);
    const logKey = `${r.block_hash}:${r.log_index}`;
    if (!current || logKey !== currentKey) {
      const txKey = `${r.tx_hash}:${r.block_hash}`;
      current = {
        chainId: q.chainId,
        // Relative to the accounts asked about: a self-transfer counts as SEND.
        transferType: !accounts.size ? 'UNKNOWN' : accounts.has(from) ? 'SEND' : 'RECEIVE',
        contractAddress: String(r.contract),
        contractType: contractTypeOf(r.contract_type, tokenId),
        from,
        to,
        tokenIds: [],
        amounts: [],
        logIndex: num(r.log_index),
        internal: isInternalPosition(num(r.log_index)),
      };
      currentKey = logKey;
      byTx.set(txKey, [...(byTx.get(txKey) ?? []), current]);
    }
    current.tokenIds.push(tokenId === '' ? null : tokenId);
    current.amounts.push(String(r.amount));
  }
  return byTx;
};

export const readHistory = async (db: Db, q: HistoryQuery): Promise<Page<Transaction>> => {
  const txs = await readTransactionPage(db, q);
  const transfers = transfersOf(q, await readTransfers(db, q.chainId, txs.slice(0, q.page.pageSize)));
  const page = pageOfRows(
    txs,
    q.page,
    (t) => encodeCursor(HISTORY_KEY.tag, [num(t.block_number), num(t.tx_index)]),
    (t): Transaction => ({
      chainId: q.chainId,
      txnHash: String(t.tx_hash),
      blockNumber: num(t.block_number),
      blockHash: String(t.block_hash),
      timestamp: new Date(num(t.ts) * 1000),
      transfers: transfers.get(`${t.tx_hash}:${t.block_hash}`) ?? [],
    }),
  );
  return { ...page, totalCount: countTransactions(db, q) };
};
