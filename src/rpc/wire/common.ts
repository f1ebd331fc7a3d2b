// Renaming helpers shared by the RPC mappers: request picking and reply shaping, no rules.
export type Body = Record<string, unknown>;

/** The value when it is a plain object, else undefined. */
export const obj = (v: unknown): Body | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined);

/** Numbered page fields of an echoed `page` object (clients send the whole reply page back). */
export const numberedPageIn = (v: unknown) => {
  const p = obj(v);
  if (!p) return null;
  const n = (x: unknown) => (typeof x === 'number' ? x : null);
  return { page: n(p.page), pageSize: n(p.pageSize) };
};

/** Go's omitempty: keep only keys whose value is set. */
export const omitEmpty = (o: Body): Body =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** A reply page: `page` only when there is a next one (wire notes, Decision 10). */
export const numberedPageOut = (p: { page: number | null; pageSize: number; more: boolean }) =>
  p.page === null ? { pageSize: p.pageSize, more: p.more } : { page: p.page, pageSize: p.pageSize, more: p.more };

/** `chainID` arrives as a string or a number; GraphQL takes the string. */
export const chainIdIn = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);
