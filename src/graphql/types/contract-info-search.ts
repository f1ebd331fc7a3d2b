// searchContracts: stored contracts by name or symbol text, chain and type, 30 per page by default (X-Access-Key).
import { builder } from '../builder';
import { ContractInfoRef } from './contract-info';
import { ContractTypeRef } from './contract-type';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';

const ContractInfoConnectionRef = connectionType(ContractInfoRef, 'ContractInfo', {
  description: 'A page of contracts found by a search.',
  count: 'Contracts the search matches.',
});

builder.queryFields((t) => ({
  searchContracts: t.field({
    nullable: true,
    type: ContractInfoConnectionRef,
    description:
      'Text found in the name or symbol (case-insensitive), within the chains named (all when none) and types given. Featured, then verified contracts first; blacklisted ones are left out.',
    args: {
      q: t.arg.string({ description: 'Empty or absent matches every contract.' }),
      chainId: t.arg.string({ description: 'One configured chain id or name (with `chainIds`: added to them).' }),
      chainIds: t.arg.stringList({ description: 'Configured chain ids or names, at most 100.' }),
      types: t.arg({ type: [ContractTypeRef], description: 'Only contracts of these standards (any when absent or empty).' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.contracts.search(ctx.credentials, { q: args.q, chainId: args.chainId, chainIds: args.chainIds, types: args.types, page: pageOfArgs(args) }),
      ),
  }),
}));
