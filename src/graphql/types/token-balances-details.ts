// tokenBalancesDetails: several accounts' balances one row per token, with their native balances (X-Access-Key).
import { builder } from '../builder';
import type { NativeBalance } from '../../domain/indexer/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ID_ARG, TokenBalanceRef } from './token-balance';
import { NativeBalanceRef, TokenBalancesFilterInput } from './token-balance-summary';

const TokenBalanceDetailsConnectionRef = connectionType(
  TokenBalanceRef,
  'TokenBalanceDetails',
  { description: 'A page of several accounts’ balances, one row per token.', count: 'Balances matching the filter, on every page.' },
  (t) => ({
    nativeBalances: t.field({
      type: [NativeBalanceRef],
      description: 'One per account, on the first forward page only (empty on later pages, backward pages and with omitNativeBalances).',
      resolve: (c: unknown) => (c as { nativeBalances: NativeBalance[] }).nativeBalances,
    }),
  }),
);

builder.queryFields((t) => ({
  tokenBalancesDetails: t.field({
    nullable: true,
    type: TokenBalanceDetailsConnectionRef,
    description:
      'Several accounts at once, one row per token: ERC-20 balances, and each ERC-721/1155/6909 token id individually (tokenBalancesSummary folds those into one row per contract). Ordered by account, contract, then token id as text; 50 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TokenBalancesFilterInput, required: true, description: 'The accounts, and which contracts and token ids to report.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => {
      const page = await ctx.services.indexerExtras.tokenBalancesDetails(ctx.credentials, { chainId: args.chainId, filter: args.filter, page: pageOfArgs(args) });
      return { ...connectionOf(page), nativeBalances: page.nativeBalances };
    },
  }),
}));
