// Balance updates of one contract after a block: per (block, account, token), the balance the block left and its net change.
import { hexSql, readQuery, toBytes, type Db } from '../../db';
import { contractTypeOf } from './balances';
import { encodeCursor, pageOfRows, type Page, type ResolvedPage } from '../paging';
import { UPDATES_KEY, keysetOrder } from './cursor';
import { Where, num } from './sql';
import type { BalanceUpdate } from './types';

export type UpdatesQuery = {
  chainId: number;
  contract: string;
  /** Exclusive: changes in later blocks only (0 = from the beginning). */
  lastBlockNumber: number;
  page: ResolvedPage;
};

const updatesWhere = (q: UpdatesQuery) =>
  new Where().add('bc.chain_id = ?', q.chainId).add('bc.contract = ?', toBytes(q.contract)).add('bc.block_number > ?', q.lastBlockNumber);

/** Counted through the (chain, contract, block) index: as many entries as the contract's changes after the block. */
const countUpdates = (db: Db, q: UpdatesQuery) => async () => {
  const w = updatesWhere(q);
  const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM token_balance_changes bc WHERE ${w}`, w.params);
  return num(row.n);
};

/**
 * Ascending (block, account, token id). A forward page that would end inside a block ends at the last block
 * boundary instead (when the page holds one), so a client that resumes from the last `blockNumber`
 * it saw, rather than from `after`, misses nothing; only a block with more changes than a page is split.
 */
export const readBalanceUpdates = async (db: Db, q: UpdatesQuery): Promise<Page<BalanceUpdate>> => {
  const w = updatesWhere(q);
  const order = keysetOrder(db, w, UPDATES_KEY, q.page);
  const rows: Array<Record<string, unknown>> = await readQuery(
    db,
    `SELECT bc.block_number, bc.block_hash, bc.account, bc.token_id, bc.delta, bc.balance, c.type AS contract_type
     FROM token_balance_changes bc LEFT JOIN contracts c ON c.chain_id = bc.chain_id AND c.address = ${hexSql(db, 'bc.contract')}
     WHERE ${w} ${order} LIMIT ?`,
    [...w.params, q.page.pageSize + 1],
  );
  let size = q.page.pageSize;
  if (!q.page.backward && rows.length > size && num(rows[size].block_number) === num(rows[size - 1].block_number)) {
    const boundary = rows.findIndex((r) => num(r.block_number) === num(rows[size].block_number));
    if (boundary > 0) size = boundary;
  }
  const page = pageOfRows(
    rows.slice(0, size + 1),
    { ...q.page, pageSize: size },
    (r) => encodeCursor(UPDATES_KEY.tag, [num(r.block_number), String(r.account), String(r.token_id)]),
    (r): BalanceUpdate => {
      const tokenId = String(r.token_id);
      return {
        chainId: q.chainId,
        contractType: contractTypeOf(r.contract_type, tokenId),
        contractAddress: q.contract,
        accountAddress: String(r.account),
        tokenId: tokenId === '' ? null : tokenId,
        balance: String(r.balance),
        delta: String(r.delta),
        blockNumber: num(r.block_number),
        blockHash: String(r.block_hash),
      };
    },
  );
  // The reply names the page size asked for, whatever the block boundary cut.
  return { ...page, pageSize: q.page.pageSize, totalCount: countUpdates(db, q) };
};
