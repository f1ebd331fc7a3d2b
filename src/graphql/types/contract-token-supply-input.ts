// ContractTokenSupplyInput: one contract of a `tokenSuppliesMap` request, with the token ids wanted of it.
import { builder } from '../builder';

export const ContractTokenSupplyInput = builder.inputType('ContractTokenSupplyInput', {
  description: 'A contract and the token ids whose supply is wanted.',
  fields: (t) => ({
    contractAddress: t.string({ required: true, description: 'The contract, 0x-prefixed hex in any case; at most 50 contracts per request.' }),
    tokenIds: t.field({
      type: ['BigInt'],
      required: false,
      description: 'The token ids, at most 1,000 over the request; for an ERC-20 leave it empty (or give 0): its total supply is answered as token id 0.',
    }),
  }),
});
