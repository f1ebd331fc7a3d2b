// ContractInfoOverrideInput: an operator's override of a contract's info, as given to add or replace it.
import { builder } from '../builder';
import { ContractInfoExtensionsOverrideInput } from './contract-info-extensions-override-input';
import { ContractTypeRef } from './contract-type';

export const ContractInfoOverrideInput = builder.inputType('ContractInfoOverrideInput', {
  description: 'Absent or null fields are not overridden: the chain and the contractURI document answer them.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'At most 200 characters.' }),
    type: t.field({ type: ContractTypeRef, required: false, description: 'The token standard to answer instead of the detected one.' }),
    symbol: t.string({ required: false, description: 'At most 100 characters.' }),
    decimals: t.int({ required: false, description: '0 to 255.' }),
    logoUri: t.string({ required: false, description: 'Logo image URL: an http(s), ipfs, ar or data URL.' }),
    extensions: t.field({ type: ContractInfoExtensionsOverrideInput, required: false, description: 'Extensions fields to override.' }),
  }),
});
