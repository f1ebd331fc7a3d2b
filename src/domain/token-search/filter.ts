// The search filter of SearchTokenMetadata, validated: text in the name, and property filters (values ORed within a
// property, properties ANDed; min/max bound a numeric property).
import { invalidArgument } from '../errors';
import { optionalText, type Maybe } from '../validate';
import { canonicalValue, TRAIT_NAME_MAX, TRAIT_VALUE_MAX } from './traits';

export const PROPERTY_TYPES = ['INT', 'STRING', 'ARRAY', 'GENERIC'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** As the published clients send it (PropertyFilter); `type` is informative, values decide how they compare. */
export type PropertyFilterInput = { name?: unknown; type?: unknown; min?: unknown; max?: unknown; values?: unknown };
export type FilterInput = { text?: Maybe<string>; properties?: Maybe<PropertyFilterInput[]> };

/** One property condition: the token has the property with one of `values` (when any), within [min, max] (when set). */
export type PropertyCondition = { name: string; values: string[]; min: number | null; max: number | null };
export type SearchFilter = { text: string; properties: PropertyCondition[] };

const PROPERTIES_MAX = 32;
const VALUES_MAX = 200;

const optionalNumber = (field: string, v: unknown): number | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalidArgument(field, 'must be a number');
  return v;
};

const propertyOf = (p: unknown, i: number): PropertyCondition => {
  const field = `filter.properties[${i}]`;
  if (!p || typeof p !== 'object' || Array.isArray(p)) throw invalidArgument(field, 'must be an object {name, type, min, max, values}');
  const f = p as PropertyFilterInput;
  if (typeof f.name !== 'string' || f.name === '') throw invalidArgument(`${field}.name`, 'must be a non-empty string');
  if (f.name.length > TRAIT_NAME_MAX) throw invalidArgument(`${field}.name`, `must be at most ${TRAIT_NAME_MAX} characters`);
  if (f.type !== undefined && f.type !== null && !(PROPERTY_TYPES as readonly unknown[]).includes(f.type)) {
    throw invalidArgument(`${field}.type`, `must be one of ${PROPERTY_TYPES.join(', ')}`);
  }
  let values: string[] = [];
  if (f.values !== undefined && f.values !== null) {
    if (!Array.isArray(f.values)) throw invalidArgument(`${field}.values`, 'must be an array');
    if (f.values.length > VALUES_MAX) throw invalidArgument(`${field}.values`, `must hold at most ${VALUES_MAX} values`);
    values = f.values.map((v, j) => {
      const c = canonicalValue(v);
      if (c === null) throw invalidArgument(`${field}.values[${j}]`, 'must be a string, a finite number or a boolean');
      if (c.length > TRAIT_VALUE_MAX) throw invalidArgument(`${field}.values[${j}]`, `must be at most ${TRAIT_VALUE_MAX} characters`);
      return c;
    });
  }
  const min = optionalNumber(`${field}.min`, f.min);
  const max = optionalNumber(`${field}.max`, f.max);
  if (min !== null && max !== null && min > max) throw invalidArgument(`${field}.min`, 'must not be greater than max');
  return { name: f.name, values: [...new Set(values)], min, max };
};

/** Absent or null filter: every token. */
export const searchFilterOf = (v: unknown): SearchFilter => {
  if (v === undefined || v === null) return { text: '', properties: [] };
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidArgument('filter', 'must be an object {text, properties}');
  const f = v as FilterInput;
  const text = (optionalText('filter.text', f.text, 200) ?? '').trim().toLowerCase();
  if (f.properties !== undefined && f.properties !== null && !Array.isArray(f.properties)) throw invalidArgument('filter.properties', 'must be an array');
  const props = f.properties ?? [];
  if (props.length > PROPERTIES_MAX) throw invalidArgument('filter.properties', `must hold at most ${PROPERTIES_MAX} property filters`);
  return { text, properties: props.map(propertyOf) };
};
