// setContractFlags: the operator's verified / blacklist / featured / logo of a contract (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import { ContractInfoRef } from './contract-info';

const ContractFlagsInput = builder.inputType('ContractFlagsInput', {
  description: 'Absent fields keep their value; an empty string clears verifiedBy or logoURI.',
  fields: (t) => ({
    verified: t.boolean({ required: false }),
    verifiedBy: t.string({ required: false }),
    blacklist: t.boolean({ required: false }),
    featured: t.boolean({ required: false }),
    logoURI: t.string({ required: false }),
  }),
});

builder.mutationFields((t) => ({
  setContractFlags: t.field({
    type: ContractInfoRef,
    description: 'Admin only: send `Authorization: Bearer <ADMIN_TOKEN>` (the server’s ADMIN_TOKEN; disabled when unset).',
    args: {
      chainID: t.arg.string({ required: true }),
      contractAddress: t.arg.string({ required: true }),
      flags: t.arg({ type: ContractFlagsInput, required: true }),
    },
    resolve: (_, { chainID, contractAddress, flags }, ctx) => ctx.services.contracts.setFlags(ctx.credentials, { chainID, contractAddress, ...flags }),
  }),
}));
