// The `multiChainTokenBalancesDetails` query: several accounts' balances one row per token, on several chains (X-Access-Key).
import { builder } from '../builder';
import type { NativeBalance, TokenBalance } from '../../domain/indexer/types';
import type { Page } from '../../domain/paging';
import { TokenBalanceRef } from './token-balance';
import { NativeBalanceRef, TokenBalancesFilterInput } from './token-balance-summary';
import { multiChainPageType, type ChainPage } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

type DetailsPage = Page<TokenBalance> & { nativeBalances: NativeBalance[] };

const MultiChainDetailsRef = multiChainPageType<TokenBalance, DetailsPage>(TokenBalanceRef, 'TokenBalancesDetails', 'balances one row per token', (t) => ({
  nativeBalances: t.field({
    type: [NativeBalanceRef],
    description: 'One per account on the chain’s first page (empty on later pages, with omitNativeBalances, or when the chain failed).',
    resolve: (c: ChainPage<TokenBalance> & { value: DetailsPage | null }) => c.value?.nativeBalances ?? [],
  }),
}));

builder.queryFields((t) => ({
  multiChainTokenBalancesDetails: t.field({
    nullable: true,
    type: MultiChainDetailsRef,
    description:
      'tokenBalancesDetails on every selected chain, read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      filter: t.arg({ type: TokenBalancesFilterInput, required: true, description: 'The accounts, and which contracts and token ids to report.' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.tokenBalancesDetails(ctx.credentials, { ...args, page: pageOfArgs({ first, after }) }),
  }),
}));
