// ContractInfoExtensions: contractURI document fields and the operator's flags of a contract.
import { builder } from '../builder';
import type { ContractExtensions } from '../../domain/contracts/types';

export const ContractInfoExtensionsRef = builder.objectRef<ContractExtensions>('ContractInfoExtensions').implement({
  description: 'Text fields are empty strings when unset.',
  fields: (t) => ({
    link: t.exposeString('link', { description: 'external_link of the contractURI document.' }),
    description: t.exposeString('description', { description: 'description of the contractURI document.' }),
    ogImage: t.exposeString('ogImage', { description: 'image of the contractURI document.' }),
    ogName: t.exposeString('ogName', { description: 'name of the contractURI document.' }),
    originChainId: t.exposeInt('originChainId', { description: 'Kept for compatibility: always 0, as Strata records no origin chain of bridged tokens.' }),
    originAddress: t.exposeString('originAddress', {
      description: 'Kept for compatibility: always empty, as Strata records no origin contract of bridged tokens.',
    }),
    verified: t.exposeBoolean('verified', { description: 'Set by the operator.' }),
    verifiedBy: t.string({ nullable: true, description: 'Set by the operator.', resolve: (e) => e.verifiedBy || null }),
    blacklist: t.exposeBoolean('blacklist', { description: 'Set by the operator; blacklisted contracts are left out of searches.' }),
    featured: t.exposeBoolean('featured', { description: 'Set by the operator; featured contracts come first in searches.' }),
  }),
});
