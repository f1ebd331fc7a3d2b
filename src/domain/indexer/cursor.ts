// Opaque keyset cursors and forward page sizes of the Indexer reads (wire notes, Decision 10).
import { invalidArgument } from '../errors';
import type { CursorPage } from './types';

/**
 * Each operation tags its cursors, so a cursor from one operation is refused by another instead
 * of silently skipping rows. Values are the sort key of the last row sent.
 */
export type CursorKind = 'balances' | 'summary' | 'history' | 'updates';
const TAGS: Record<CursorKind, string> = { balances: 'b1', summary: 's1', history: 'h1', updates: 'u1' };

type KeyPart = string | number;

export const encodeCursor = (kind: CursorKind, key: KeyPart[]): string =>
  Buffer.from(JSON.stringify([TAGS[kind], ...key]), 'utf8').toString('base64url');

/** The key of a cursor of `kind` whose parts have the given JS types, or InvalidArgument naming `field`. */
export const decodeCursor = (field: string, kind: CursorKind, raw: string, types: Array<'string' | 'number'>): KeyPart[] => {
  const bad = () => invalidArgument(field, `is not a cursor of this operation (send back the \`after\` of the previous reply)`);
  if (raw.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed[0] !== TAGS[kind] || parsed.length !== types.length + 1) throw bad();
  const key = parsed.slice(1) as unknown[];
  key.forEach((v, i) => {
    const ok = types[i] === 'number' ? typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 : typeof v === 'string' && v.length <= 100;
    if (!ok) throw bad();
  });
  return key as KeyPart[];
};

export type PageLimits = { default: number; max: number };
/** A forward page as GraphQL and the RPC ask for it: the size wanted and the `endCursor` of the previous page. */
export type CursorPageRequest = { pageSize?: number | null; after?: string | null };

/** The page size asked for (absent, zero or negative: the default; larger than the maximum: the maximum) and the cursor. */
export const resolveCursorRequest = (page: CursorPageRequest | null | undefined, limits: PageLimits): { pageSize: number; after: string | null } => {
  const size = page?.pageSize;
  const pageSize = size != null && size >= 1 ? Math.min(Math.floor(size), limits.max) : limits.default;
  return { pageSize, after: page?.after || null };
};

/** Rows were read with one extra to learn whether another page exists. */
export const cursorPageOf = <R, T>(rows: R[], pageSize: number, keyOf: (r: R) => string, toNode: (r: R) => T): CursorPage<T> => {
  const kept = rows.slice(0, pageSize);
  const items = kept.map((r) => ({ cursor: keyOf(r), node: toNode(r) }));
  return { items, pageSize, more: rows.length > pageSize, endCursor: items.length ? items[items.length - 1].cursor : null };
};
