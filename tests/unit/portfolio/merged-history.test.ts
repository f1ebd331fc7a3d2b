// The merge of per-chain history pages: newest first across chains, each chain's place moved only past what was shown.
import { decodeHistoryCursor, encodeHistoryCursor, mergeNewestFirst, type ChainHistory } from '../../../src/domain/portfolio/merged-history';
import type { Page } from '../../../src/domain/paging';
import type { Transaction } from '../../../src/domain/indexer/types';

/** A chain's page of transactions at the given seconds (newest first), each with cursor `<chain>@<second>`. */
const page = (chainId: number, seconds: number[], hasNextPage: boolean): Page<Transaction> => ({
  items: seconds.map((s) => ({
    cursor: `${chainId}@${s}`,
    node: { chainId, txnHash: `0x${chainId}${s}`, blockNumber: s, blockHash: '0x', timestamp: new Date(s * 1000), transfers: [] },
  })),
  pageSize: seconds.length,
  hasNextPage,
  hasPreviousPage: false,
  startCursor: null,
  endCursor: seconds.length ? `${chainId}@${seconds[seconds.length - 1]}` : null,
});

const hashes = (r: { transactions: Transaction[] }) => r.transactions.map((t) => t.txnHash);

describe('mergeNewestFirst', () => {
  it('takes the newest across chains and moves each chain only past the rows it showed', () => {
    const pages: ChainHistory[] = [
      { chainId: 1, page: page(1, [90, 50, 40], true) },
      { chainId: 2, page: page(2, [80, 70, 10], false) },
    ];
    const r = mergeNewestFirst(pages, new Map(), 3);
    expect(hashes(r)).toEqual(['0x190', '0x280', '0x270']);
    expect(r.next).toEqual(new Map([[1, '1@90'], [2, '2@70']]));
    expect(r.more).toBe(true);
  });

  it('marks a chain done once every row it has was shown, and keeps equal instants in chain order', () => {
    const r = mergeNewestFirst([{ chainId: 2, page: page(2, [5], false) }, { chainId: 1, page: page(1, [5, 5], false) }], new Map(), 10);
    expect(hashes(r)).toEqual(['0x15', '0x15', '0x25']);
    expect(r.next).toEqual(new Map([[1, null], [2, null]]));
    expect(r.more).toBe(false);
    expect(encodeHistoryCursor(r.next)).toBeNull();
  });

  it('keeps a failed chain’s place and a chain that showed nothing where it was', () => {
    const from = new Map([[1, '1@99'], [2, '2@98'], [3, null]]);
    const r = mergeNewestFirst([{ chainId: 1, page: page(1, [60, 59], true) }, { chainId: 2, page: null }, { chainId: 4, page: page(4, [1], true) }], from, 2);
    expect(hashes(r)).toEqual(['0x160', '0x159']);
    expect(r.next).toEqual(new Map<number, string | null>([[1, '1@59'], [2, '2@98'], [3, null], [4, '']]));
    expect(decodeHistoryCursor(encodeHistoryCursor(r.next))).toEqual(r.next);
  });

  it('refuses a cursor of another list', () => {
    const gateway = Buffer.from(JSON.stringify(['g1', [[1, '']]])).toString('base64url');
    expect(() => decodeHistoryCursor(gateway)).toThrow(/after: is not a cursor/);
    expect(() => decodeHistoryCursor('not a cursor!')).toThrow(/after: is not a cursor/);
  });
});
