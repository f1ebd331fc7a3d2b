// The `multiChainTokenBalancesSummary` query: balance summaries of several accounts on several chains (X-Access-Key).
import { builder } from '../builder';
import type { NativeBalance, TokenBalance } from '../../domain/indexer/types';
import type { Page } from '../../domain/paging';
import { TokenBalanceRef } from './token-balance';
import { NativeBalanceRef, TokenBalancesFilterInput } from './token-balance-summary';
import { multiChainPageType, type ChainPage } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

type SummaryPage = Page<TokenBalance> & { nativeBalances: NativeBalance[] };

const MultiChainSummaryRef = multiChainPageType<TokenBalance, SummaryPage>(TokenBalanceRef, 'TokenBalancesSummary', 'balance summaries', (t) => ({
  nativeBalances: t.field({
    type: [NativeBalanceRef],
    description: 'One per account on the chain’s first page (empty on later pages, with omitNativeBalances, or when the chain failed).',
    resolve: (c: ChainPage<TokenBalance> & { value: SummaryPage | null }) => c.value?.nativeBalances ?? [],
  }),
}));

builder.queryFields((t) => ({
  multiChainTokenBalancesSummary: t.field({
    nullable: true,
    type: MultiChainSummaryRef,
    description:
      'tokenBalancesSummary on every selected chain, read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      filter: t.arg({ type: TokenBalancesFilterInput, required: true, description: 'The accounts, and which contracts to report.' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.tokenBalancesSummary(ctx.credentials, { ...args, page: pageOfArgs({ first, after }) }),
  }),
}));
