// The portfolio's history: each chain's own newest-first pages merged into one, newest first across chains, under one
// cursor that holds every chain's place. A chain's place moves only past the rows this page showed, so the rows a page
// read but did not show come first on the next one.
import type { Page } from '../paging';
import type { Transaction } from '../indexer/types';
import { decodePositions, encodePositions, type Positions } from '../indexer/gateway';

export const HISTORY_CURSOR_TAG = 'ph1';

export const decodeHistoryCursor = (raw: string | null | undefined): Positions => (raw ? decodePositions(raw, HISTORY_CURSOR_TAG) : new Map());

export const encodeHistoryCursor = (p: Positions): string | null => ([...p.values()].some((v) => v !== null) ? encodePositions(p, HISTORY_CURSOR_TAG) : null);

/** One chain's page, or null when the chain could not be read (it keeps its place). */
export type ChainHistory = { chainId: number; page: Page<Transaction> | null };

/** Newer first; at one instant, the lower chain id first, so that the order is the same on every read. */
const newer = (a: { chainId: number; node: Transaction }, b: { chainId: number; node: Transaction }) => {
  const d = b.node.timestamp.getTime() - a.node.timestamp.getTime();
  return d !== 0 ? d < 0 : a.chainId < b.chainId;
};

/**
 * Takes up to `pageSize` transactions from the chains' pages, newest first, each chain's own order kept (a k-way
 * merge of their heads), and returns the places to continue from: past the last row shown of each chain, null for a
 * chain with nothing more, unchanged for a chain that was not read.
 */
export const mergeNewestFirst = (pages: ChainHistory[], from: Positions, pageSize: number): { transactions: Transaction[]; next: Positions; more: boolean } => {
  const heads = pages.filter((p) => p.page).map((p) => ({ chainId: p.chainId, items: p.page!.items, at: 0 }));
  const transactions: Transaction[] = [];
  while (transactions.length < pageSize) {
    let best: (typeof heads)[number] | null = null;
    for (const h of heads) {
      if (h.at >= h.items.length) continue;
      if (!best || newer({ chainId: h.chainId, node: h.items[h.at].node }, { chainId: best.chainId, node: best.items[best.at].node })) best = h;
    }
    if (!best) break;
    transactions.push(best.items[best.at].node);
    best.at += 1;
  }
  const next: Positions = new Map(from);
  let more = false;
  for (const p of pages) {
    if (!p.page) {
      next.set(p.chainId, from.get(p.chainId) ?? '');
      continue;
    }
    const h = heads.find((x) => x.chainId === p.chainId)!;
    const rest = h.at < h.items.length || p.page.hasNextPage;
    more ||= rest;
    if (!rest) next.set(p.chainId, null);
    else if (h.at > 0) next.set(p.chainId, h.items[h.at - 1].cursor);
    else next.set(p.chainId, from.get(p.chainId) ?? '');
  }
  return { transactions, next, more };
};
