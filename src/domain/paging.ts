// Paging shared by every list: a connection page (`first`/`after` forward, `last`/`before` backward) over keyset or
// offset cursors. Sizes and cursors are taken as given: the RPC's numbered pages, its 0 for an unset size and its ""
// for no cursor are settled in rpc/wire; GraphQL's documented "zero or negative: the default" in
// graphql/types/connection.ts.
import { invalidArgument } from './errors';

export type PageLimits = { default: number; max: number };

/** A page as a GraphQL connection asks for it; the RPC's forward pages arrive as `first`/`after`. */
export type PageRequest = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

/** The page to read: its size, its direction and the cursor it continues from (exclusive). */
export type ResolvedPage = { pageSize: number; backward: boolean; cursor: string | null };

/** One page of a connection: each item with its cursor, in the list's order whatever the direction it was read in. */
export type Page<T> = {
  items: Array<{ cursor: string; node: T }>;
  pageSize: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
  /** Every row the request matches, paging aside: read only when a caller asks (GraphQL `totalCount`). */
  totalCount?: () => Promise<number>;
};

/** Absent: the default; above the maximum: the maximum (each list documents both); below 1: refused. */
const sizeOf = (field: string, n: number | null | undefined, limits: PageLimits) => {
  if (n == null) return limits.default;
  if (!Number.isSafeInteger(n) || n < 1) throw invalidArgument(field, 'must be a positive page size');
  return Math.min(n, limits.max);
};

/** Which way to read: forward unless `last` or `before` asks for the rows before a point (Relay cursor connections). */
export const resolvePageRequest = (req: PageRequest | null | undefined, limits: PageLimits): ResolvedPage => {
  const r = req ?? {};
  const backward = r.last != null || r.before != null;
  if (backward) {
    if (r.first != null) throw invalidArgument('first', 'cannot be combined with last or before (page backward with last and before)');
    if (r.after != null) throw invalidArgument('after', 'cannot be combined with last or before (page forward with first and after)');
    return { pageSize: sizeOf('last', r.last, limits), backward, cursor: r.before ?? null };
  }
  return { pageSize: sizeOf('first', r.first, limits), backward, cursor: r.after ?? null };
};

/** The argument a cursor of this page came in, for errors. */
export const cursorField = (p: ResolvedPage) => (p.backward ? 'before' : 'after');

/**
 * Rows were read with one extra, in reading order (reversed when paging backward), to learn whether more lie that way.
 * The other way there is more exactly when the page continued from a cursor (that row is still there).
 */
export const pageOfRows = <R, T>(rows: R[], p: ResolvedPage, keyOf: (r: R) => string, toNode: (r: R) => T): Page<T> => {
  const more = rows.length > p.pageSize;
  const kept = rows.slice(0, p.pageSize);
  if (p.backward) kept.reverse();
  const items = kept.map((r) => ({ cursor: keyOf(r), node: toNode(r) }));
  return pageOf(items, p.pageSize, p.backward ? p.cursor !== null : more, p.backward ? more : p.cursor !== null);
};

/** A page of items already in list order, with the cursors of its ends. */
const pageOf = <T>(items: Page<T>['items'], pageSize: number, hasNextPage: boolean, hasPreviousPage: boolean): Page<T> => ({
  items,
  pageSize,
  hasNextPage,
  hasPreviousPage,
  startCursor: items[0]?.cursor ?? null,
  endCursor: items.length ? items[items.length - 1].cursor : null,
});

export const emptyPage = <T>(p: ResolvedPage): Page<T> => ({ ...pageOf<T>([], p.pageSize, false, false), totalCount: async () => 0 });

/**
 * Cursors are opaque tagged keys: each list tags its own, so a cursor from one list is refused by another instead of
 * silently skipping rows. A keyset cursor holds the sort key of its row, an offset cursor the row's position.
 */
type KeyPart = string | number;

export const encodeCursor = (tag: string, key: KeyPart[]): string => Buffer.from(JSON.stringify([tag, ...key]), 'utf8').toString('base64url');

/** The key of a cursor tagged `tag` whose parts have the given JS types, or InvalidArgument naming `field`. */
export const decodeCursor = (field: string, tag: string, raw: string, types: Array<'string' | 'number'>): KeyPart[] => {
  const bad = () => invalidArgument(field, 'is not a cursor of this list (send back a cursor of a previous page)');
  if (raw.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed[0] !== tag || parsed.length !== types.length + 1) throw bad();
  const key = parsed.slice(1) as unknown[];
  key.forEach((v, i) => {
    const ok = types[i] === 'number' ? typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 : typeof v === 'string' && v.length <= 100;
    if (!ok) throw bad();
  });
  return key as KeyPart[];
};

/** The cursor of the row at `offset` (0-based) of an offset-paged list. */
export const offsetCursor = (tag: string, offset: number) => encodeCursor(tag, [offset]);

/**
 * The rows to read for an offset page: `[offset, offset + limit)`, `limit` one more than the page when reading
 * forward. Backward from the end needs the count (`total`), asked for only then.
 */
export const offsetWindow = async (tag: string, p: ResolvedPage, total: () => Promise<number>): Promise<{ offset: number; limit: number }> => {
  const at = p.cursor === null ? null : Number(decodeCursor(cursorField(p), tag, p.cursor, ['number'])[0]);
  if (!p.backward) return { offset: at === null ? 0 : at + 1, limit: p.pageSize + 1 };
  const end = at ?? (await total());
  const offset = Math.max(0, end - p.pageSize);
  return { offset, limit: end - offset };
};

/** The page of an offset window's rows. */
export const offsetPage = <R, T>(tag: string, rows: R[], p: ResolvedPage, w: { offset: number }, toNode: (r: R) => T): Page<T> => {
  const items = rows.slice(0, p.pageSize).map((r, i) => ({ cursor: offsetCursor(tag, w.offset + i), node: toNode(r) }));
  return pageOf(items, p.pageSize, p.backward ? p.cursor !== null : rows.length > p.pageSize, w.offset > 0);
};
