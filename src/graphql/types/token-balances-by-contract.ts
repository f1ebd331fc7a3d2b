// tokenBalancesByContract: every balance of some contracts, one row per token, optionally of some accounts (X-Access-Key).
import { builder } from '../builder';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ID_ARG, TokenBalanceRef } from './token-balance';
import { TokenBalancesByContractFilterInput } from './token-balances-by-contract-filter-input';

const ContractTokenBalanceConnectionRef = connectionType(TokenBalanceRef, 'ContractTokenBalance', {
  description: 'A page of the balances of some contracts, one row per token.',
  count: 'Balances matching the filter, on every page.',
});

builder.queryFields((t) => ({
  tokenBalancesByContract: t.field({
    nullable: true,
    type: ContractTokenBalanceConnectionRef,
    description:
      'The positive balances of the named contracts (of the named accounts only, when given), one row per token, ordered by account, contract, then token id as text; 50 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TokenBalancesByContractFilterInput, required: true, description: 'The contracts, and optionally the accounts and token ids.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(await ctx.services.indexerExtras.tokenBalancesByContract(ctx.credentials, { chainId: args.chainId, filter: args.filter, page: pageOfArgs(args) })),
  }),
}));
