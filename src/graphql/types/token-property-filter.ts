// TokenPropertyFilter: a property a contract's token metadata documents have, with its values; and the query that lists them.
import { builder } from '../builder';
import type { PropertyFilter } from '../../domain/token-search/property-filters';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG } from './contract-info';
import { TokenPropertyTypeRef } from './token-property-type';

export const TokenPropertyFilterRef = builder.objectRef<PropertyFilter>('TokenPropertyFilter').implement({
  description: 'Computed from the contract’s stored documents (attributes’ trait_type/value and properties), kept current as tokens are fetched again.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The attribute’s trait_type, or the key in the documents’ properties.' }),
    type: t.expose('type', { type: TokenPropertyTypeRef, description: 'How the property compares.' }),
    min: t.float({ nullable: true, description: 'Smallest number found (INT, and ARRAY of numbers).', resolve: (f) => f.min ?? null }),
    max: t.float({ nullable: true, description: 'Largest number found (INT, and ARRAY of numbers).', resolve: (f) => f.max ?? null }),
    values: t.stringList({
      nullable: true,
      description: 'Distinct values found, as text (numbers ascending), at most 1,000; null when values were not asked for.',
      resolve: (f) => f.values?.map(String) ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  tokenPropertyFilters: t.field({
    nullable: true,
    type: [TokenPropertyFilterRef],
    description: 'The properties a contract’s tokens can be searched by, from its stored token metadata (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      excludeProperties: t.arg.stringList({ description: 'Property names to leave out.' }),
      excludePropertyValues: t.arg.boolean({ description: 'True lists names, types and ranges only, without values.' }),
    },
    resolve: (_, args, ctx) => ctx.services.tokenSearch.propertyFilters(ctx.credentials, args),
  }),
}));
