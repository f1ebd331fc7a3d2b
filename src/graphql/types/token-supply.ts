// TokenSupply: how much of each token id of a collectible contract exists, with the `tokenSupplies` query (X-Access-Key).
import { builder } from '../builder';
import type { TokenSupply } from '../../domain/indexer/holders';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { AT_BLOCK_ARG } from './shared-args';
import { CHAIN_ID_ARG } from './token-balance';
import { contractArgs, contractOf } from './token-holder';

export const TokenSupplyRef = builder.objectRef<TokenSupply>('TokenSupply').implement({
  description: 'One token id of a collectible contract: what exists of it, as indexed.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', description: 'The token id.', resolve: (s) => s.tokenId }),
    supply: t.field({ type: 'BigInt', description: 'The sum of its holders’ balances (minted and not burned).', resolve: (s) => s.supply }),
    holders: t.exposeInt('holders', { description: 'How many accounts hold it.' }),
  }),
});

const TokenSupplyConnectionRef = connectionType(TokenSupplyRef, 'TokenSupply', {
  description: 'A page of a collectible contract’s token ids with their supply, in token id order (as text).',
  count: 'Token ids of the contract that exist (held by someone).',
});

builder.queryFields((t) => ({
  tokenSupplies: t.field({
    type: TokenSupplyConnectionRef,
    nullable: true,
    description:
      'Supply and holder count of each token id of an ERC-721/1155/6909 contract that someone holds, in token id order (as text); 50 per page by default, at most 500 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      ...contractArgs,
      atBlock: t.arg.int(AT_BLOCK_ARG),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.indexer.tokenSupplies(ctx.credentials, { chainId: args.chainId, contract: contractOf(args), atBlock: args.atBlock, page: pageOfArgs(args) }),
      ),
  }),
}));
