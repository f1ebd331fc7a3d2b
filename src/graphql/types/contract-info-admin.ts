// setContractFlags: the operator's verified / blacklist / featured / logo of a contract (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG, ContractInfoRef } from './contract-info';

const ContractFlagsInput = builder.inputType('ContractFlagsInput', {
  description: 'Absent fields keep their value; an empty string clears verifiedBy or logoUri.',
  fields: (t) => ({
    verified: t.boolean({ required: false, description: 'Whether the operator vouches for the contract.' }),
    verifiedBy: t.string({ required: false, description: 'Who verified it, free text of at most 200 characters.' }),
    blacklist: t.boolean({ required: false, description: 'True leaves the contract out of searches and of verified or unverified contract selections.' }),
    featured: t.boolean({ required: false, description: 'True lists the contract first in searches.' }),
    logoUri: t.string({ required: false, description: 'Logo image URL shown for the contract.' }),
  }),
});

builder.mutationFields((t) => ({
  setContractFlags: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: 'Admin only: send `Authorization: Bearer <ADMIN_TOKEN>` (the server’s ADMIN_TOKEN; disabled when unset).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      flags: t.arg({ type: ContractFlagsInput, required: true, description: 'The flags to change.' }),
    },
    resolve: (_, { chainId, contractAddress, flags }, ctx) => ctx.services.contracts.setFlags(ctx.credentials, { chainId, contractAddress, ...flags }),
  }),
}));
