// A collectible contract's token ids on one chain, as the indexed balances know them (ids someone holds), in numeric
// order: a page of ids, or the ids collapsed into ranges of consecutive ids (GetTokenIDRanges).
import { readQuery, toBytes, type Db } from '../../db';
import type { Page, ResolvedPage } from '../paging';
import { readContractType, readSuppliesInOrder, tokenIdLength } from './supplies';
import { Where, positive } from './sql';
import type { ContractType } from './types';

/** The published clients' bound: at most this many ranges per reply, `moreRanges` says whether others follow. */
export const MAX_TOKEN_ID_RANGES = 15_000;
/** Ids read per statement while building ranges. */
const IDS_PER_READ = 5_000;

export type TokenIdRange = { start: string; end: string };
export type TokenIdRanges = { contractType: ContractType; ranges: TokenIdRange[]; moreRanges: boolean };

/** A page of the token ids someone holds, in numeric order. ERC-20 contracts have none. */
export const readTokenIds = async (db: Db, q: { chainId: number; contract: string; page: ResolvedPage }): Promise<{ contractType: ContractType; ids: Page<string> }> => {
  const contractType = await readContractType(db, q.chainId, q.contract);
  const page = await readSuppliesInOrder(db, q);
  return { contractType, ids: { ...page, items: page.items.map((i) => ({ cursor: i.cursor, node: i.node.tokenId })) } };
};

/** Distinct held token ids after `after` (numeric order), at most `limit`. */
const idsAfter = async (db: Db, chainId: number, contract: string, after: bigint | null, limit: number): Promise<bigint[]> => {
  const len = tokenIdLength(db, 'b.token_id');
  const w = new Where().add('b.chain_id = ?', chainId).add('b.contract = ?', toBytes(contract)).add("b.token_id <> ''").add(positive('b.balance'));
  if (after !== null) w.after([len, 'b.token_id'], [after.toString().length, after.toString()]);
  const rows = await readQuery<{ token_id: unknown }>(
    db,
    `SELECT DISTINCT b.token_id, ${len} AS l FROM token_balances b WHERE ${w} ORDER BY l, b.token_id LIMIT ?`,
    [...w.params, limit],
  );
  return rows.map((r) => BigInt(String(r.token_id)));
};

/**
 * The held token ids after `lastTokenId` (all when null) as ranges of consecutive ids, at most MAX_TOKEN_ID_RANGES;
 * `moreRanges` when ids beyond the last range exist (ask again with its `end` as `lastTokenId`).
 */
export const readTokenIdRanges = async (db: Db, q: { chainId: number; contract: string; lastTokenId: string | null }): Promise<TokenIdRanges> => {
  const contractType = await readContractType(db, q.chainId, q.contract);
  const ranges: Array<{ start: bigint; end: bigint }> = [];
  let after = q.lastTokenId === null ? null : BigInt(q.lastTokenId);
  for (;;) {
    const ids = await idsAfter(db, q.chainId, q.contract, after, IDS_PER_READ);
    for (const id of ids) {
      const last = ranges[ranges.length - 1];
      if (last && id === last.end + 1n) last.end = id;
      else if (ranges.length === MAX_TOKEN_ID_RANGES) return { contractType, ranges: ranges.map(text), moreRanges: true };
      else ranges.push({ start: id, end: id });
    }
    if (ids.length < IDS_PER_READ) return { contractType, ranges: ranges.map(text), moreRanges: false };
    after = ids[ids.length - 1];
  }
};

const text = (r: { start: bigint; end: bigint }): TokenIdRange => ({ start: r.start.toString(), end: r.end.toString() });
