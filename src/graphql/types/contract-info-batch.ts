// contractInfoBatch: several contracts of one chain in one read (GetContractInfoBatch), through the request's loader.
import { builder } from '../builder';
import { loadAll } from '../loaders';
import { CHAIN_ARG, ContractInfoRef } from './contract-info';

builder.queryFields((t) => ({
  contractInfoBatch: t.field({
    nullable: true,
    type: [ContractInfoRef],
    description: 'Up to 50 contracts on one chain, one entry per distinct address in request order; the operator’s overrides applied (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddresses: t.arg.stringList({ required: true, description: 'At most 50 addresses, 0x-prefixed hex in any case; duplicates are answered once.' }),
    },
    resolve: async (_, args, ctx) => loadAll(ctx.loaders.contractInfo, await ctx.services.contracts.checkGetBatch(ctx.credentials, args)),
  }),
}));
