// MetadataOptionsInput: which contracts' balances or transfers to report, by their verification flags.
import { builder } from '../builder';

export const MetadataOptionsInput = builder.inputType('MetadataOptionsInput', {
  description: 'Without options every contract is reported, blacklisted ones included.',
  fields: (t) => ({
    verifiedOnly: t.boolean({ required: false, description: 'Only contracts in the token directory or verified by the operator (and not blacklisted).' }),
    unverifiedOnly: t.boolean({ required: false, description: 'Only contracts neither in the token directory, nor verified, nor blacklisted, nor SPAM by their stored verdict.' }),
    includeContracts: t.stringList({ required: false, description: 'Contracts reported whatever their flags.' }),
  }),
});
