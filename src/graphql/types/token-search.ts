// searchTokenMetadata / searchTokenMetadataByQuery: stored token metadata found by trait values and name (X-Access-Key).
import { builder } from '../builder';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG } from './contract-info';
import { TokenMetadataRef } from './token-metadata';
import { TokenSearchFilterInput } from './token-search-filter-input';

const TokenMetadataConnectionRef = connectionType(TokenMetadataRef, 'TokenMetadata', {
  description: 'A page of tokens found by a search, in token id order.',
  count: 'Tokens the search matches.',
});

builder.queryFields((t) => ({
  searchTokenMetadata: t.field({
    nullable: true,
    type: TokenMetadataConnectionRef,
    description:
      'Tokens of one contract whose stored metadata passes the filter, answered from the trait index; 50 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      filter: t.arg({ type: TokenSearchFilterInput, description: 'Absent: every token with a stored document.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.tokenSearch.search(ctx.credentials, {
          chainId: args.chainId,
          contractAddress: args.contractAddress,
          filter: args.filter,
          page: pageOfArgs(args),
        }),
      ),
  }),
  searchTokenMetadataByQuery: t.field({
    nullable: true,
    type: TokenMetadataConnectionRef,
    description: 'Tokens whose stored name contains the text (case-insensitive), on one chain or all, of one contract or any (X-Access-Key).',
    args: {
      q: t.arg.string({ required: true, description: 'The text, 1 to 200 characters.' }),
      chainId: t.arg.string({ description: 'A configured chain id or name; every chain when absent.' }),
      contractAddress: t.arg.string({ description: 'Only this contract’s tokens.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.tokenSearch.searchByName(ctx.credentials, {
          q: args.q,
          chainId: args.chainId,
          contractAddress: args.contractAddress,
          page: pageOfArgs(args),
        }),
      ),
  }),
}));
