// What a token metadata document contributes to trait search: (property, value) pairs from its attributes
// (trait_type → value) and its properties (key → value), and the token's sortable key.
import type { TokenTraitKind } from '../../db';
import type { NormalizedTokenMetadata } from '../../web';

/** Longer names or values are not indexed: the index keys would pass MySQL's key length, and no filter UI shows them. */
export const TRAIT_NAME_MAX = 128;
export const TRAIT_VALUE_MAX = 255;
/** Per token; the normaliser already keeps at most 500 attributes. */
const TRAITS_PER_TOKEN_MAX = 1_000;

export type Trait = { name: string; value: string; valueNum: number | null; kind: TokenTraitKind };

/** A canonical decimal token id as a string that sorts numerically (two digits of length, then the digits). */
export const tokenKeyOf = (tokenId: string): string => `${String(tokenId.length).padStart(2, '0')}${tokenId}`;
export const tokenIdOfKey = (key: string): string => key.slice(2);

/** OpenSea's numeric display types: their values are numbers even when a document writes them as strings. */
const NUMERIC_DISPLAY = new Set(['number', 'boost_number', 'boost_percentage', 'date']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The text a filter value is compared with: numbers in JavaScript's canonical form, so 5 and 5.0 are one value. */
export const canonicalValue = (v: unknown): string | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  return null;
};

const scalar = (v: unknown, numeric: boolean, inArray: boolean): Omit<Trait, 'name'> | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: String(v), valueNum: v, kind: inArray ? 'a' : 'n' };
  if (typeof v === 'boolean') return { value: String(v), valueNum: null, kind: inArray ? 'a' : 'b' };
  if (typeof v !== 'string' || v === '' || v.length > TRAIT_VALUE_MAX) return null;
  if (numeric && DECIMAL.test(v.trim())) {
    const n = Number(v.trim());
    return { value: String(n), valueNum: n, kind: inArray ? 'a' : 'n' };
  }
  return { value: v, valueNum: null, kind: inArray ? 'a' : 's' };
};

/** Every distinct (name, value) of a document; objects nested in values are not traits. */
export const traitsOf = (doc: Pick<NormalizedTokenMetadata, 'attributes' | 'properties'>): Trait[] => {
  const found = new Map<string, Trait>();
  const add = (name: unknown, v: unknown, numeric: boolean) => {
    if (typeof name !== 'string' || name === '' || name.length > TRAIT_NAME_MAX || found.size >= TRAITS_PER_TOKEN_MAX) return;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      const s = scalar(one, numeric, Array.isArray(v));
      if (s) found.set(`${name}\u0000${s.value}`, { name, ...s });
    }
  };
  for (const a of doc.attributes ?? []) {
    if (!a || typeof a !== 'object') continue;
    add(a.trait_type, a.value, typeof a.display_type === 'string' && NUMERIC_DISPLAY.has(a.display_type));
  }
  for (const [k, v] of Object.entries(doc.properties ?? {})) add(k, v, false);
  return [...found.values()];
};
