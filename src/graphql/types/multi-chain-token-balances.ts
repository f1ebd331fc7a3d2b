// The `multiChainTokenBalances` query: one account's balances on several chains at once (X-Access-Key).
import { builder } from '../builder';
import { TokenBalanceRef } from './token-balance';
import { MetadataOptionsInput } from './token-balance-input';
import { multiChainPageType } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

const MultiChainTokenBalancesRef = multiChainPageType(TokenBalanceRef, 'TokenBalances', 'an account’s balances');

builder.queryFields((t) => ({
  multiChainTokenBalances: t.field({
    nullable: true,
    type: MultiChainTokenBalancesRef,
    description:
      'tokenBalances on every selected chain, read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      accountAddress: t.arg.string({ required: true, description: 'The account, 0x-prefixed hex in any case.' }),
      contractAddress: t.arg.string({ description: 'Only balances of this contract (any case).' }),
      tokenId: t.arg({ type: 'BigInt', description: '0 also matches ERC-20 balances.' }),
      metadataOptions: t.arg({ type: MetadataOptionsInput, description: 'Which contracts’ balances are reported, by their flags.' }),
      includeCollectionTokens: t.arg.boolean({ description: 'Default true; false answers ERC-721/1155/6909 holdings as one summary row per contract.' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.tokenBalances(ctx.credentials, { ...args, page: pageOfArgs({ first, after }) }),
  }),
}));
