// Reads of the approval tables (ingestion/approvals.ts writes them): an owner's current approvals, and its events.
import { ZERO_ADDRESS } from '../../chain';
import { hexSql, readQuery, toBytes, type Db } from '../../db';
import { encodeCursor, pageOfRows, type Page, type ResolvedPage } from '../paging';
import { keysetOrder, type Keyset } from '../indexer/cursor';
import { Where, num } from '../indexer/sql';
import type { Approval, ApprovalEvent } from './types';

/** Per kind at most this many current approvals, the latest changed first (the documented cap of `approvals`). */
export const MAX_APPROVALS = 1_000;
const UNLIMITED = 1n << 255n;
const ZERO_BYTES = toBytes(ZERO_ADDRESS);

export const APPROVAL_EVENTS_KEY: Keyset = { tag: 'ap1', columns: ['e.block_number', 'e.log_index'], types: ['number', 'number'], descending: true };

export type ApprovalsQuery = { chainId: number; owner: string; contract: string | null };

const ownerWhere = (alias: string, q: ApprovalsQuery) => {
  const w = new Where().add(`${alias}.chain_id = ?`, q.chainId).add(`${alias}.owner = ?`, toBytes(q.owner));
  if (q.contract) w.add(`${alias}.contract = ?`, toBytes(q.contract));
  return w;
};

/** The contract's type as indexed, joined from contracts (which keys addresses as hex text). */
const typeJoin = (db: Db, alias: string) => `LEFT JOIN contracts c ON c.chain_id = ${alias}.chain_id AND c.address = ${hexSql(db, `${alias}.contract`)}`;

/** Live allowances (above zero), token approvals (to a non-zero address) and operators (approved), latest first. */
export const readApprovals = async (db: Db, q: ApprovalsQuery): Promise<Approval[]> => {
  const base = { chainId: q.chainId, ownerAddress: q.owner };
  const a = ownerWhere('a', q).add("a.amount <> '0'");
  const allowances = await readQuery<Record<string, unknown>>(
    db,
    `SELECT a.contract, a.spender, a.amount, a.change_block, a.spend_block FROM token_allowances a WHERE ${a} ORDER BY a.change_block DESC LIMIT ?`,
    [...a.params, MAX_APPROVALS],
  );
  const t = ownerWhere('t', q).add('t.approved <> ?', ZERO_BYTES);
  const tokens = await readQuery<Record<string, unknown>>(
    db,
    `SELECT t.contract, t.token_id, t.approved, t.change_block FROM token_approvals t WHERE ${t} ORDER BY t.change_block DESC LIMIT ?`,
    [...t.params, MAX_APPROVALS],
  );
  const o = ownerWhere('o', q).add('o.approved = 1');
  const operators = await readQuery<Record<string, unknown>>(
    db,
    `SELECT o.contract, o.operator, o.change_block, c.type AS contract_type FROM operator_approvals o ${typeJoin(db, 'o')} WHERE ${o} ORDER BY o.change_block DESC LIMIT ?`,
    [...o.params, MAX_APPROVALS],
  );
  // One approval: the fields its kind does not have stay empty (null, false).
  const approval = (r: Record<string, unknown>, a: Pick<Approval, 'standard' | 'kind' | 'spenderAddress'> & Partial<Approval>): Approval => ({
    ...base,
    contractAddress: String(r.contract),
    amount: null,
    tokenId: null,
    approvedForAll: false,
    unlimited: false,
    lastChangeBlock: num(r.change_block),
    lastSpendBlock: null,
    ...a,
  });
  const out: Approval[] = [
    ...allowances.map((r) =>
      approval(r, {
        standard: 'ERC20',
        kind: 'ALLOWANCE',
        spenderAddress: String(r.spender),
        amount: String(r.amount),
        unlimited: BigInt(String(r.amount)) >= UNLIMITED,
        lastSpendBlock: r.spend_block === null ? null : num(r.spend_block),
      }),
    ),
    ...tokens.map((r) => approval(r, { standard: 'ERC721', kind: 'TOKEN', spenderAddress: String(r.approved), tokenId: String(r.token_id) })),
    ...operators.map((r) =>
      approval(r, { standard: r.contract_type === 'ERC1155' ? 'ERC1155' : 'ERC721', kind: 'OPERATOR', spenderAddress: String(r.operator), approvedForAll: true }),
    ),
  ];
  return out.sort((x, y) => y.lastChangeBlock - x.lastChangeBlock);
};

export type ApprovalEventsQuery = ApprovalsQuery & { page: ResolvedPage };

/** The owner's approval events, newest first, in keyset pages over (block, log index). */
export const readApprovalEvents = async (db: Db, q: ApprovalEventsQuery): Promise<Page<ApprovalEvent>> => {
  const w = ownerWhere('e', q);
  const order = keysetOrder(db, w, APPROVAL_EVENTS_KEY, q.page);
  const rows = await readQuery<Record<string, unknown>>(
    db,
    `SELECT e.block_number, e.log_index, e.block_hash, e.tx_hash, e.contract, e.kind, e.spender, e.value, e.timestamp FROM approval_events e WHERE ${w} ${order} LIMIT ?`,
    [...w.params, q.page.pageSize + 1],
  );
  const page = pageOfRows(
    rows,
    q.page,
    (r) => encodeCursor(APPROVAL_EVENTS_KEY.tag, [num(r.block_number), num(r.log_index)]),
    (r): ApprovalEvent => {
      const kind = String(r.kind) as ApprovalEvent['eventKind'];
      const value = String(r.value);
      return {
        chainId: q.chainId,
        contractAddress: String(r.contract),
        eventKind: kind,
        ownerAddress: q.owner,
        spenderAddress: String(r.spender),
        amount: kind === 'ERC20' ? value : null,
        tokenId: kind === 'ERC721' ? value : null,
        approved: kind === 'ALL' ? value === '1' : null,
        blockNumber: num(r.block_number),
        blockHash: String(r.block_hash),
        logIndex: num(r.log_index),
        txHash: String(r.tx_hash),
        timestamp: num(r.timestamp),
      };
    },
  );
  return {
    ...page,
    totalCount: async () => {
      const c = ownerWhere('e', q);
      const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM approval_events e WHERE ${c}`, c.params);
      return num(row.n);
    },
  };
};
