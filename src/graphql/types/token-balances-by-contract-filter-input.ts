// TokenBalancesByContractFilterInput: which contracts' balances `tokenBalancesByContract` lists, and whose.
import { builder } from '../builder';
import { ContractVerificationStatusRef } from './token-balance-summary';

export const TokenBalancesByContractFilterInput = builder.inputType('TokenBalancesByContractFilterInput', {
  description: 'The contracts whose balances to list, optionally narrowed to some accounts and token ids.',
  fields: (t) => ({
    contractAddresses: t.stringList({ required: true, description: 'The contracts, 1 to 1,000, 0x-prefixed hex in any case.' }),
    accountAddresses: t.stringList({ required: false, description: 'Only these holders, at most 100; every holder when absent or empty.' }),
    contractStatus: t.field({
      type: ContractVerificationStatusRef,
      required: false,
      description: 'Which of the named contracts to report by their flags; ALL when absent (the contracts are named).',
    }),
    tokenIds: t.field({ type: ['BigInt'], required: false, description: 'Only these token ids (0 also matches ERC-20 balances), at most 1,000.' }),
  }),
});
