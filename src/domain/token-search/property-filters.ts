// GetTokenMetadataPropertyFilters: every property of a contract's stored documents, with its type and the values (or
// the numeric range) found, read from token_trait_values (one row per distinct (name, value), in primary-key order).
import { TokenTraitValueEntity, type Db, type TokenTraitKind } from '../../db';
import type { PropertyType } from './filter';

export type PropertyFilter = { name: string; type: PropertyType; min?: number; max?: number; values?: Array<string | number | boolean> };

/** Distinct values listed per property; a property with more (serial numbers, say) lists the first ones. */
export const PROPERTY_VALUES_MAX = 1_000;

type Found = { kinds: Set<TokenTraitKind>; values: Array<{ value: string; num: number | null; kind: TokenTraitKind }> };

/** ARRAY when any value came from an array, INT when all are numbers, GENERIC when all are booleans, else STRING. */
const typeOf = (kinds: Set<TokenTraitKind>): PropertyType => {
  if (kinds.has('a')) return 'ARRAY';
  if ([...kinds].every((k) => k === 'n')) return 'INT';
  if ([...kinds].every((k) => k === 'b')) return 'GENERIC';
  return 'STRING';
};

export const propertyFiltersOf = async (
  db: Db,
  q: { chainId: number; contract: string; exclude: Set<string>; withValues: boolean },
): Promise<PropertyFilter[]> => {
  const rows = await db
    .getRepository(TokenTraitValueEntity)
    .createQueryBuilder('v')
    .select(['v.name', 'v.value', 'v.valueNum', 'v.kind'])
    .where('v.chainId = :chainId AND v.contract = :contract AND v.tokens > 0', { chainId: q.chainId, contract: q.contract })
    .orderBy('v.name', 'ASC')
    .addOrderBy('v.value', 'ASC')
    .getMany();
  const byName = new Map<string, Found>();
  for (const r of rows) {
    if (q.exclude.has(r.name)) continue;
    let f = byName.get(r.name);
    if (!f) byName.set(r.name, (f = { kinds: new Set(), values: [] }));
    f.kinds.add(r.kind);
    f.values.push({ value: r.value, num: r.valueNum === null ? null : Number(r.valueNum), kind: r.kind });
  }
  return [...byName].map(([name, f]) => {
    const type = typeOf(f.kinds);
    const nums = f.values.map((v) => v.num).filter((n): n is number => n !== null);
    const range = type === 'INT' || (type === 'ARRAY' && nums.length) ? { min: Math.min(...nums), max: Math.max(...nums) } : {};
    if (!q.withValues) return { name, type, ...range };
    const values =
      type === 'INT'
        ? nums.sort((a, b) => a - b)
        : type === 'GENERIC'
          ? f.values.map((v) => v.value === 'true')
          : f.values.map((v) => (v.kind === 'n' || (v.kind === 'a' && v.num !== null) ? v.num! : v.value));
    return { name, type, ...range, values: values.slice(0, PROPERTY_VALUES_MAX) };
  });
};
