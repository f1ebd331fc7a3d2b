// setContractFlags: the operator's verified / blacklist / featured / logo of a contract (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import { ContractInfoRef } from './contract-info';

const ContractFlagsInput = builder.inputType('ContractFlagsInput', {
  description: 'Absent fields keep their value; an empty string clears verifiedBy or logoUri.',
  fields: (t) => ({
    verified: t.boolean({ required: false }),
    verifiedBy: t.string({ required: false }),
    blacklist: t.boolean({ required: false }),
    featured: t.boolean({ required: false }),
    logoUri: t.string({ required: false, description: 'Logo image URL shown for the contract.' }),
  }),
});

builder.mutationFields((t) => ({
  setContractFlags: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: 'Admin only: send `Authorization: Bearer <ADMIN_TOKEN>` (the server’s ADMIN_TOKEN; disabled when unset).',
    args: {
      chainId: t.arg.string({ required: true }),
      contractAddress: t.arg.string({ required: true }),
      flags: t.arg({ type: ContractFlagsInput, required: true }),
    },
    resolve: (_, { chainId, contractAddress, flags }, ctx) => ctx.services.contracts.setFlags(ctx.credentials, { chainId, contractAddress, ...flags }),
  }),
}));
