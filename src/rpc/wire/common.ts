// Renaming helpers shared by the RPC mappers: request picking and reply shaping, no rules.
import { numberedPageRequest, pageNumberOf, type PageLimits } from '../../domain/paging';
export type Body = Record<string, unknown>;

/**
 * An operation's data once the handler found no errors in its result: every root field is there (GraphQL declares
 * them nullable only so that one failing field leaves the others' results).
 */
export type Answered<D> = { [K in keyof D]-?: NonNullable<D[K]> };

/** The value when it is a plain object, else undefined. */
export const obj = (v: unknown): Body | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined);

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
export const chainIdIn = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);
