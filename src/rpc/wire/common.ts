// Renaming helpers shared by the RPC mappers: request picking and reply shaping, no rules. The published clients'
// quirks live here and beside it in rpc/wire, not in the domain: "" for an unset string, 0 for an unset page size, pages
// asked for by number; what reaches GraphQL (and so the domain) means what it says.
import { offsetCursor, type PageLimits, type PageRequest } from '../../domain/paging';
export type Body = Record<string, unknown>;

/**
 * An operation's data once the handler found no errors in its result: every root field is there (GraphQL declares
 * them nullable only so that one failing field leaves the others' results).
 */
export type Answered<D> = { [K in keyof D]-?: NonNullable<D[K]> };

/** The value when it is a plain object, else undefined. */
export const obj = (v: unknown): Body | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined);

/** Go clients send every field, an unset string as "": that is no value (null), not an empty one. */
export const unsetIn = (v: unknown): unknown => (v === '' ? null : v);

/** A 1-based page number as it is asked for: absent, zero, negative or not an integer reads 1. */
export const pageNumberOf = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 1);

/**
 * Numbered paging (the RPC's collections and search) over an offset-paged list: page N of size S is the S rows after
 * row (N−1)·S − 1. A size that is absent, zero (Go's unset) or negative is the list's default; above its maximum, the
 * maximum (the domain clamps the same way, and the offset must be computed with the size the list will use).
 */
export const numberedPageRequest = (limits: PageLimits & { cursorTag: string }, page: unknown, pageSize: unknown): PageRequest => {
  const asked = typeof pageSize === 'number' && Number.isSafeInteger(pageSize) && pageSize >= 1 ? pageSize : null;
  const size = asked === null ? limits.default : Math.min(asked, limits.max);
  const n = pageNumberOf(page);
  return { first: size, after: n > 1 ? offsetCursor(limits.cursorTag, (n - 1) * size - 1) : null };
};

/** The numbered page an echoed `page` object asks for (clients send the whole reply page back), as connection paging. */
export const numberedPageIn = (v: unknown, limits: PageLimits & { cursorTag: string }) => {
  const p = obj(v);
  return numberedPageRequest(limits, p?.page, p?.pageSize);
};

/** Go's omitempty: keep only keys whose value is set. */
export const omitEmpty = (o: Body): Body =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** A reply page: `page` (the next one) only when there is a next one (wire notes, Decision 10). */
export const numberedPageOut = (c: { pageSize: number; pageInfo: { hasNextPage: boolean } }, asked: unknown) => {
  const more = c.pageInfo.hasNextPage;
  return more ? { page: pageNumberOf(obj(asked)?.page) + 1, pageSize: c.pageSize, more } : { pageSize: c.pageSize, more };
};

/** `chainID` arrives as a string or a number; GraphQL takes the string. */
/** A contractStatus enum as Go clients send it: "" when unset (the default), any case otherwise. */
export const contractStatusIn = (v: unknown) => (v === '' ? null : typeof v === 'string' ? v.trim().toUpperCase() : v);

export const chainIdIn = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);
