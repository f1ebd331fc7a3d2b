// Input checks shared by every service; each failure names the request field.
import { invalidArgument } from './errors';

/** A request field GraphQL may leave out or send as null; both mean absent. */
export type Maybe<T> = T | null | undefined;

const UINT256_MAX = (1n << 256n) - 1n;

/** The most of a bad value an error quotes: enough to recognise it, never a caller's megabyte echoed back. */
export const QUOTE_MAX = 64;

/**
 * A value as an error message quotes it (JSON), cut to its first QUOTE_MAX characters and followed by its full length
 * when longer. Every message that names a caller's value goes through here, so none repeats a huge argument.
 */
export const quoteValue = (v: unknown): string => {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return clipText(s);
};

/** `s` cut to its first `max` characters, followed by its full length when longer. */
export const clipText = (s: string, max = QUOTE_MAX): string => (s.length <= max ? s : `${s.slice(0, max)}… (${s.length} characters)`);

export const requireId = (field: string, v: unknown): number => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
    throw invalidArgument(field, 'must be a positive integer id');
  }
  return n;
};

export const optionalId = (field: string, v: unknown): number | undefined =>
  v === undefined || v === null ? undefined : requireId(field, v);

/** A uint256 as a canonical decimal string (no leading zeros). Accepts numbers and 0x hex too. */
export const requireUint256 = (field: string, v: unknown): string => {
  let n: bigint;
  try {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) n = BigInt(v);
    else if (typeof v === 'string' && /^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(v.trim())) n = BigInt(v.trim());
    else throw new Error();
  } catch {
    throw invalidArgument(field, 'must be an unsigned integer (decimal string, at most 2^256-1)');
  }
  if (n > UINT256_MAX) throw invalidArgument(field, 'must be at most 2^256-1');
  return n.toString();
};

export const requireText = (field: string, v: unknown, max: number, opts: { allowEmpty?: boolean } = {}): string => {
  if (typeof v !== 'string') throw invalidArgument(field, 'must be a string');
  if (!opts.allowEmpty && v.trim() === '') throw invalidArgument(field, 'must not be empty');
  if (v.length > max) throw invalidArgument(field, `must be at most ${max} characters`);
  if (v.includes('\u0000')) throw invalidArgument(field, 'must not contain NUL characters');
  return v;
};

export const optionalText = (field: string, v: unknown, max: number): string | undefined =>
  v === undefined || v === null ? undefined : requireText(field, v, max, { allowEmpty: true });

export const optionalUrl = (field: string, v: unknown): string | undefined => {
  const s = optionalText(field, v, 2048);
  if (!s) return s;
  if (!/^(https?|ipfs|ar):\/\/\S+$/i.test(s) && !/^data:[^\s]+$/i.test(s)) {
    throw invalidArgument(field, 'must be an http(s), ipfs, ar or data URL');
  }
  return s;
};

export type PropertyValue = string | number | boolean;

/** Free-form properties: at most 100 keys; values string, finite number or boolean. */
export const optionalProperties = (field: string, v: unknown): Record<string, PropertyValue> | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidArgument(field, 'must be an object');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 100) throw invalidArgument(field, 'must have at most 100 keys');
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > 100) throw invalidArgument(`${field}.${key}`, 'key must be 1 to 100 characters');
    const ok =
      (typeof value === 'string' && value.length <= 2000) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean';
    if (!ok) throw invalidArgument(`${field}.${key}`, 'must be a string (at most 2000 characters), a number or a boolean');
  }
  return v as Record<string, PropertyValue>;
};

/** Token attributes: an array of at most 200 flat objects of string/number/boolean values. */
export const optionalAttributes = (field: string, v: unknown): Array<Record<string, PropertyValue>> | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw invalidArgument(field, 'must be an array');
  if (v.length > 200) throw invalidArgument(field, 'must have at most 200 entries');
  return v.map((a, i) => optionalProperties(`${field}[${i}]`, a) ?? {});
};

export const optionalBoolean = (field: string, v: unknown): boolean | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalidArgument(field, 'must be a boolean');
  return v;
};

/** Sorted-key copy, so documents and replies list properties alphabetically. */
export const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** An EVM address, returned lower-case. */
export const requireAddress = (field: string, v: unknown): string => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v.trim())) throw invalidArgument(field, 'must be a 0x-prefixed 20-byte hex address');
  return v.trim().toLowerCase();
};

/** A token id filter: canonical decimal, or null when absent. */
export const optionalTokenId = (field: string, v: unknown): string | null => (v === undefined || v === null ? null : requireUint256(field, v));

/** A list of addresses (null/absent = empty), lower-cased; at most `max` entries. */
export const optionalAddressList = (field: string, v: unknown, max = 1000): string[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalidArgument(field, 'must be an array of addresses');
  if (v.length > max) throw invalidArgument(field, `must have at most ${max} entries`);
  return v.map((a, i) => requireAddress(`${field}[${i}]`, a));
};
