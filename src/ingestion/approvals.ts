// The approval rows of one batch, written in its transaction through the chain writer (so a rollback restores them
// exactly): the approval events, and the current ERC-20 allowances, ERC-721 token approvals and operators as they
// stand after each block of the batch that changed them.
import { ZERO_ADDRESS } from '../chain';
import type { EntityManager, EntitySchema, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import {
  AllowanceEntity,
  ApprovalEventEntity,
  OperatorApprovalEntity,
  TokenApprovalEntity,
  type AllowanceRow,
  type ApprovalEventRow,
  type OperatorApprovalRow,
  type TokenApprovalRow,
} from '../db';
import type { ApprovalChange } from '../domain/approvals/types';
import type { ChainWriter } from './chain-writer';
import type { Batch } from './types';
import { chunks } from './write-rows';


type Write<T> = { block: number; row: T };

/** Stored rows of `keys` (objects of key properties), by `id`; at most 200 keys per statement (SQLite's expression depth). */
const stored = async <T extends ObjectLiteral>(m: EntityManager, entity: EntitySchema<T>, keys: ObjectLiteral[], id: (r: T) => string): Promise<Map<string, T>> => {
  const found = new Map<string, T>();
  for (const part of chunks(keys, 200)) for (const r of await m.getRepository(entity).find({ where: part as FindOptionsWhere<T>[] })) found.set(id(r), r);
  return found;
};

const allowanceId = (r: Pick<AllowanceRow, 'contract' | 'owner' | 'spender'>) => `${r.contract}:${r.owner}:${r.spender}`;
const tokenId = (r: Pick<TokenApprovalRow, 'contract' | 'tokenId'>) => `${r.contract}:${r.tokenId}`;

/**
 * ERC-20 allowances: each Approval sets one; a read (allowance() at the end of a block where the owner's tokens moved)
 * then replaces what that block's events said. A read below the value before it is a spend (a transferFrom, which
 * OpenZeppelin 5 lowers without an event), one above it a change no event announced.
 */
const allowanceWrites = async (m: EntityManager, batch: Batch): Promise<Write<AllowanceRow>[]> => {
  type Step = { block: number; logIndex: number; amount: bigint; read: boolean; key: Pick<AllowanceRow, 'contract' | 'owner' | 'spender'> };
  const steps: Step[] = [];
  for (const a of batch.approvals ?? []) {
    if (a.kind === 'ERC20') steps.push({ block: a.blockNumber, logIndex: a.logIndex, amount: a.value, read: false, key: { contract: a.contract, owner: a.owner, spender: a.spender } });
  }
  // A read is the block's end: after each of its logs.
  for (const r of batch.allowanceReads ?? []) steps.push({ block: r.block, logIndex: Infinity, amount: r.amount, read: true, key: { contract: r.contract, owner: r.owner, spender: r.spender } });
  if (!steps.length) return [];
  steps.sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
  const keys = new Map(steps.map((s) => [allowanceId(s.key), s.key]));
  const current = await stored(m, AllowanceEntity, [...keys.values()].map((k) => ({ chainId: batch.chainId, ...k })), allowanceId);
  const writes: Write<AllowanceRow>[] = [];
  for (const s of steps) {
    const id = allowanceId(s.key);
    const before = current.get(id);
    const was = BigInt(before?.amount ?? '0');
    if (s.read && s.amount === was) continue;
    const row: AllowanceRow = {
      chainId: batch.chainId,
      ...s.key,
      amount: s.amount.toString(),
      changeBlock: !s.read || s.amount > was ? s.block : (before?.changeBlock ?? s.block),
      spendBlock: s.read && s.amount < was ? s.block : (before?.spendBlock ?? null),
    };
    current.set(id, row);
    writes.push({ block: s.block, row });
  }
  return writes;
};

/** ERC-721 token approvals: set by Approval, cleared by any transfer of the token (the standard's rule, no event). */
const tokenApprovalWrites = async (m: EntityManager, batch: Batch): Promise<Write<TokenApprovalRow>[]> => {
  type Step = { block: number; logIndex: number; contract: string; tokenId: string; owner: string; approved: string; clear: boolean };
  const steps: Step[] = [];
  for (const a of batch.approvals ?? []) {
    if (a.kind !== 'ERC721') continue;
    steps.push({ block: a.blockNumber, logIndex: a.logIndex, contract: a.contract, tokenId: a.value.toString(), owner: a.owner, approved: a.spender, clear: false });
  }
  for (const t of batch.transfers) {
    if (t.kind !== 'ERC721') continue;
    steps.push({ block: t.blockNumber, logIndex: t.logIndex, contract: t.contract, tokenId: t.tokenIds[0].toString(), owner: t.from, approved: ZERO_ADDRESS, clear: true });
  }
  if (!steps.length) return [];
  steps.sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
  const keys = new Map(steps.map((s) => [tokenId(s), { chainId: batch.chainId, contract: s.contract, tokenId: s.tokenId }]));
  const current = await stored(m, TokenApprovalEntity, [...keys.values()], tokenId);
  const writes: Write<TokenApprovalRow>[] = [];
  for (const s of steps) {
    const before = current.get(tokenId(s));
    // A transfer clears only an approval that is there: most tokens move without one.
    if (s.clear && (!before || before.approved === ZERO_ADDRESS)) continue;
    const row: TokenApprovalRow = { chainId: batch.chainId, contract: s.contract, tokenId: s.tokenId, owner: s.owner, approved: s.approved, changeBlock: s.block };
    current.set(tokenId(s), row);
    writes.push({ block: s.block, row });
  }
  return writes;
};

const operatorWrites = (batch: Batch): Write<OperatorApprovalRow>[] =>
  (batch.approvals ?? [])
    .filter((a) => a.kind === 'ALL')
    .map((a) => ({ block: a.blockNumber, row: { chainId: batch.chainId, contract: a.contract, owner: a.owner, operator: a.spender, approved: a.value === 1n, changeBlock: a.blockNumber } }));

const eventRows = (batch: Batch): ApprovalEventRow[] =>
  (batch.approvals ?? []).map((a) => ({
    chainId: batch.chainId,
    blockNumber: a.blockNumber,
    logIndex: a.logIndex,
    blockHash: a.blockHash,
    txHash: a.txHash,
    contract: a.contract,
    kind: a.kind,
    owner: a.owner,
    spender: a.spender,
    value: a.value.toString(),
    timestamp: a.timestamp,
  }));

/** The hash of each block of the batch that holds an approval log, a transfer or a stored header. */
const blockHashes = (batch: Batch): Map<number, string> => {
  const out = new Map<number, string>();
  for (const b of batch.blocks) out.set(b.number, b.hash);
  for (const t of batch.transfers) out.set(t.blockNumber, t.blockHash);
  for (const a of batch.approvals ?? []) out.set(a.blockNumber, a.blockHash);
  return out;
};

/** The last write per key and block, as changes (a key written twice in one block changed once, to its last value). */
const changesOf = <T>(batch: Batch, hashes: Map<number, string>, writes: Write<T>[], id: (r: T) => string, change: (r: T) => Omit<ApprovalChange, 'chainId' | 'blockNumber' | 'blockHash'>): ApprovalChange[] => {
  const last = new Map<string, Write<T>>();
  for (const w of writes) last.set(`${w.block}:${id(w.row)}`, w);
  return [...last.values()].map((w) => ({ chainId: batch.chainId, blockNumber: w.block, blockHash: hashes.get(w.block) ?? '', ...change(w.row) }));
};

/**
 * Writes the batch's approval rows and returns what changed, block by block; a batch of a chain without approvals (no
 * `approvals`) writes nothing.
 */
export const writeApprovals = async (m: EntityManager, writer: ChainWriter, batch: Batch): Promise<ApprovalChange[]> => {
  if (!batch.approvals) return [];
  await writer.appendByBlock(ApprovalEventEntity, eventRows(batch));
  const allowances = await allowanceWrites(m, batch);
  const tokens = await tokenApprovalWrites(m, batch);
  const operators = operatorWrites(batch);
  await writer.putByKey(AllowanceEntity, allowances);
  await writer.putByKey(TokenApprovalEntity, tokens);
  await writer.putByKey(OperatorApprovalEntity, operators);
  const hashes = blockHashes(batch);
  return [
    ...changesOf(batch, hashes, allowances, allowanceId, (r) => ({ contract: r.contract, kind: 'ALLOWANCE', owner: r.owner, spender: r.spender, amount: r.amount, tokenId: null, approved: r.amount !== '0' })),
    ...changesOf(batch, hashes, tokens, tokenId, (r) => ({ contract: r.contract, kind: 'TOKEN', owner: r.owner, spender: r.approved, amount: null, tokenId: r.tokenId, approved: r.approved !== ZERO_ADDRESS })),
    ...changesOf(batch, hashes, operators, (r) => `${r.contract}:${r.owner}:${r.operator}`, (r) => ({ contract: r.contract, kind: 'OPERATOR', owner: r.owner, spender: r.operator, amount: null, tokenId: null, approved: r.approved })),
  ].sort((a, b) => a.blockNumber - b.blockNumber);
};
