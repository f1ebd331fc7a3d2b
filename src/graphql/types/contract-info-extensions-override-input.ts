// ContractInfoExtensionsOverrideInput: the extensions fields an operator's override sets, as given.
import { builder } from '../builder';

export const ContractInfoExtensionsOverrideInput = builder.inputType('ContractInfoExtensionsOverrideInput', {
  description: 'Absent or null fields are not overridden.',
  fields: (t) => ({
    link: t.string({ required: false, description: 'An http(s), ipfs, ar or data URL.' }),
    description: t.string({ required: false, description: 'At most 5,000 characters.' }),
    categories: t.stringList({ required: false, description: 'At most 20, of at most 100 characters each.' }),
    ogImage: t.string({ required: false, description: 'An http(s), ipfs, ar or data URL.' }),
    ogName: t.string({ required: false, description: 'At most 200 characters.' }),
    originChainId: t.int({ required: false, description: 'The chain a bridged token comes from.' }),
    originAddress: t.string({ required: false, description: 'The contract a bridged token comes from.' }),
    blacklist: t.boolean({ required: false, description: 'True leaves the contract out of searches.' }),
    verified: t.boolean({ required: false, description: 'Whether the operator vouches for the contract.' }),
    verifiedBy: t.string({ required: false, description: 'Who verified it, at most 200 characters.' }),
    featureIndex: t.int({ required: false, description: 'Above 0 makes the contract featured (first in searches), 0 not featured.' }),
  }),
});
