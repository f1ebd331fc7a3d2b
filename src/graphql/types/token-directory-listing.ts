// TokenDirectoryListing: a contract's place in the token directory, on ContractInfo.tokenDirectory.
import { builder } from '../builder';
import type { DirectoryListing } from '../../domain/contracts/listing';
import { ContractInfoRef } from './contract-info';

export const TokenDirectoryListingRef = builder.objectRef<DirectoryListing>('TokenDirectoryListing').implement({
  description: 'Why a contract is in the token directory: the token lists naming it and the operator’s curation.',
  fields: (t) => ({
    lists: t.exposeStringList('lists', { description: 'Names of the token lists naming it, first (the one its name, symbol, decimals and logo come from) first.' }),
    addedByOperator: t.exposeBoolean('added', { description: 'Added by the operator (addContractToTokenDirectory), whatever the lists say.' }),
    featureIndex: t.exposeInt('featureIndex', { description: 'Above 0: featured, higher first.' }),
  }),
});

builder.objectField(ContractInfoRef, 'tokenDirectory', (t) =>
  t.field({
    type: TokenDirectoryListingRef,
    nullable: true,
    description: 'Its place in the token directory; null when it is not in it. A contract in it counts as VERIFIED unless blacklisted.',
    resolve: (c) => c.directory ?? null,
  }),
);
