// Wire shapes of trait search, GetContractInfoBatch and the Admin contract-info overrides: the published clients' JSON
// renamed into GraphQL variables and back.
import type { GetContractInfoOverrideQuery, GetTokenMetadataPropertyFiltersQuery, SearchTokenMetadataByQueryQuery } from '../generated/operations';
import { chainIdIn, obj, omitEmpty, type Answered, type Body } from './common';
import { metadataTokenOut } from './metadata';

/** Filter values arrive as JSON strings, numbers or booleans; GraphQL takes their text (5 → "5"). Others go through for GraphQL to refuse. */
const valueIn = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

const propertyFilterIn = (v: unknown) => {
  const p = obj(v);
  if (!p) return v;
  return { name: p.name, type: p.type, min: p.min, max: p.max, values: Array.isArray(p.values) ? p.values.map(valueIn) : p.values };
};

/** Filter {text, properties}; unknown keys are dropped (wire notes, Decision 3). */
export const searchFilterIn = (v: unknown) => {
  const f = obj(v);
  if (!f) return v;
  return { text: f.text, properties: Array.isArray(f.properties) ? f.properties.map(propertyFilterIn) : f.properties };
};

type PropertyFilterResult = Answered<GetTokenMetadataPropertyFiltersQuery>['tokenPropertyFilters'][number];

/** PropertyFilter with typed values: numbers for INT, booleans for GENERIC (GraphQL lists them as text). */
export const propertyFilterOut = (f: PropertyFilterResult) => ({
  name: f.name,
  type: f.type,
  ...(f.min !== null ? { min: f.min } : {}),
  ...(f.max !== null ? { max: f.max } : {}),
  ...(f.values ? { values: f.values.map((v) => (f.type === 'INT' ? Number(v) : f.type === 'GENERIC' ? v === 'true' : v)) } : {}),
});

type FoundToken = Answered<SearchTokenMetadataByQueryQuery>['searchTokenMetadataByQuery']['nodes'][number];

/** A token found across contracts names its chain and contract. */
export const foundTokenOut = (t: FoundToken) => ({ chainId: t.chainId, contractAddress: t.contractAddress, ...metadataTokenOut(t) });

/** ContractInfoOverride {name, type, symbol, decimals, logoURI, extensions} into the GraphQL input; other keys are dropped. */
export const overrideIn = (v: unknown) => {
  const o = obj(v);
  if (!o) return v;
  const e = obj(o.extensions);
  return {
    name: o.name,
    type: o.type,
    symbol: o.symbol,
    decimals: o.decimals,
    logoUri: o.logoURI,
    extensions: e
      ? {
          link: e.link,
          description: e.description,
          categories: e.categories,
          ogImage: e.ogImage,
          ogName: e.ogName,
          originChainId: e.originChainId,
          originAddress: e.originAddress,
          blacklist: e.blacklist,
          verified: e.verified,
          verifiedBy: e.verifiedBy,
          featureIndex: e.featureIndex,
        }
      : o.extensions,
  };
};

export const overrideKeyIn = (b: Body) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress });

type OverrideResult = Answered<GetContractInfoOverrideQuery>['contractInfoOverride'];

/**
 * ContractInfoOverride with unset fields left out (Go's omitempty); `chainId`, `contractAddress`, `createdAt` and
 * `updatedAt` (Strata's own) say which contract it is and when it was set, which a list needs.
 */
export const overrideOut = (o: OverrideResult) => ({
  chainId: o.chainId,
  contractAddress: o.contractAddress,
  ...omitEmpty({ name: o.name, type: o.type, symbol: o.symbol, decimals: o.decimals, logoURI: o.logoURI }),
  extensions: omitEmpty(o.extensions),
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});
