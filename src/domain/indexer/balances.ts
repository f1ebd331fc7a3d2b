// Balance reads: one row per (account, contract, token) above zero, or one summary row per (account, contract).
import { TRANSFER_KINDS } from '../../chain';
import { bytesSql, hexSql, readQuery, type Db } from '../../db';
import { encodeCursor, pageOfRows, type Page, type ResolvedPage } from '../paging';
import { BALANCES_KEY, SUMMARY_KEY, keysetOrder } from './cursor';
import type { ContractSelection } from './requests';
import { balancesAt } from './at-block';
import { Where, exactSumColumns, exactSumOf, num, positive, selectionCondition, sqlOf, tokenIdCondition } from './sql';
import type { ContractType, TokenBalance } from './types';

export type BalanceQuery = {
  chainId: number;
  accounts: string[];
  /** Only these contracts (empty: any). */
  contracts: string[];
  /** Never these contracts. */
  excluded: string[];
  tokenId: string | null;
  /** Only these token ids (canonical decimal; '0' also matches ERC-20 balances); absent or empty: any. */
  tokenIds?: string[];
  /** Only contracts of these stored types (contracts.type); absent or empty: any. */
  contractTypes?: string[];
  selection: ContractSelection;
  page: ResolvedPage;
  /** As of this block (checked: at-block.ts); absent or null: now. */
  atBlock?: number | null;
};

const KNOWN: readonly string[] = TRANSFER_KINDS;

/** The stored type, or ERC20 for an unclassified contract whose balances carry no token id. */
export const contractTypeOf = (stored: unknown, tokenId: string): ContractType =>
  typeof stored === 'string' && KNOWN.includes(stored) ? (stored as ContractType) : tokenId === '' ? 'ERC20' : 'UNKNOWN';

const baseWhere = (db: Db, q: BalanceQuery) => {
  const w = new Where().add('b.chain_id = ?', q.chainId).add(positive('b.balance'));
  // No accounts: every holder of the named contracts (GetTokenBalancesByContract); the service requires one or the other.
  if (q.accounts.length) w.inBytes('b.account', q.accounts);
  if (q.contracts.length) w.inBytes('b.contract', q.contracts);
  if (q.excluded.length) w.inBytes('b.contract', q.excluded, true);
  if (q.tokenId !== null) tokenIdCondition(w, 'b.token_id', q.tokenId);
  if (q.tokenIds?.length) w.in('b.token_id', q.tokenIds.includes('0') ? [...q.tokenIds, ''] : q.tokenIds);
  if (q.contractTypes?.length) {
    w.add(`b.contract IN (SELECT ${bytesSql(db, 'address')} FROM contracts WHERE chain_id = ? AND type IN (${q.contractTypes.map(() => '?').join(', ')}))`, q.chainId, ...q.contractTypes);
  }
  selectionCondition(db, w, 'b.contract', q.chainId, q.selection);
  return w;
};

const fromOf = (db: Db, q: BalanceQuery) => `FROM ${balancesAt(db, q.atBlock)} b LEFT JOIN contracts c ON c.chain_id = b.chain_id AND c.address = ${hexSql(db, 'b.contract')}`;

/** Counted through the account index: as many rows as the accounts hold, never the table. */
const countBalances = (db: Db, q: BalanceQuery) => async () => {
  const w = baseWhere(db, q);
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM ${balancesAt(db, q.atBlock)} b WHERE ${w}`, w.params);
  return num(row.n);
};

/** Ordered by account, contract, then token id as text; one statement. */
export const readBalances = async (db: Db, q: BalanceQuery): Promise<Page<TokenBalance>> => {
  const w = baseWhere(db, q);
  const order = keysetOrder(db, w, BALANCES_KEY, q.page);
  const rows: Array<Record<string, unknown>> = await readQuery(
    db,
    `SELECT b.account, b.contract, b.token_id, b.balance, b.block_number, b.block_hash, c.type AS contract_type
     ${fromOf(db, q)} WHERE ${w} ${order} LIMIT ?`,
    [...w.params, q.page.pageSize + 1],
  );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(BALANCES_KEY.tag, [String(r.account), String(r.contract), String(r.token_id)]),
    (r): TokenBalance => {
      const tokenId = String(r.token_id);
      return {
        chainId: q.chainId,
        contractType: contractTypeOf(r.contract_type, tokenId),
        contractAddress: String(r.contract),
        accountAddress: String(r.account),
        tokenId: tokenId === '' ? null : tokenId,
        balance: String(r.balance),
        blockNumber: num(r.block_number),
        blockHash: String(r.block_hash),
        uniqueCollectibles: '0',
        isSummary: false,
      };
    },
  );
  return { ...page, totalCount: countBalances(db, q) };
};

/**
 * One row per (account, contract), ordered by account then contract: ERC-20 balances as they are,
 * ERC-721/1155 holdings summarised (`uniqueCollectibles` token ids, `balance` their exact sum).
 */
export const readSummaries = async (db: Db, q: BalanceQuery): Promise<Page<TokenBalance>> => {
  const s = sqlOf(db);
  const w = baseWhere(db, q);
  const order = keysetOrder(db, w, SUMMARY_KEY, q.page);
  const lastBlock = s.concat(s.padLeft('b.block_number', 20), hexSql(db, 'b.block_hash'));
  const rows: Array<Record<string, unknown>> = await readQuery(
    db,
    `SELECT b.account, b.contract, COUNT(*) AS n, MIN(b.token_id) AS token_id, MAX(c.type) AS contract_type,
            MAX(${lastBlock}) AS last_block, ${exactSumColumns(db, 'b.balance')}
     ${fromOf(db, q)} WHERE ${w} GROUP BY b.account, b.contract ${order} LIMIT ?`,
    [...w.params, q.page.pageSize + 1],
  );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(SUMMARY_KEY.tag, [String(r.account), String(r.contract)]),
    (r): TokenBalance => {
      const n = num(r.n);
      const tokenId = String(r.token_id ?? '');
      const plain = n === 1 && tokenId === '';
      const last = String(r.last_block);
      return {
        chainId: q.chainId,
        contractType: contractTypeOf(r.contract_type, plain ? '' : tokenId || '0'),
        contractAddress: String(r.contract),
        accountAddress: String(r.account),
        tokenId: null,
        balance: exactSumOf(r),
        blockNumber: Number(last.slice(0, 20)),
        blockHash: last.slice(20),
        uniqueCollectibles: plain ? '0' : String(n),
        isSummary: !plain,
      };
    },
  );
  return { ...page, totalCount: countSummaries(db, q) };
};

/** One per (account, contract), counted through the account index. */
const countSummaries = (db: Db, q: BalanceQuery) => async () => {
  const w = baseWhere(db, q);
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${balancesAt(db, q.atBlock)} b WHERE ${w} GROUP BY b.account, b.contract) x`, w.params);
  return num(row.n);
};
