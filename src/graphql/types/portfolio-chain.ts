// PortfolioChain: one chain's part of a portfolio, every wallet's native and token balances, or why it has none.
import { builder } from '../builder';
import type { PortfolioChain } from '../../domain/portfolio/types';
import { TokenBalanceRef } from './token-balance';
import { NativeBalanceRef } from './token-balance-summary';
import { nativeValueUsd } from './usd-values';

export const PortfolioChainRef = builder.objectRef<PortfolioChain>('PortfolioChain').implement({
  description: 'One chain of a portfolio: token balances from what ingestion committed, native balances from the node.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    errorReason: t.exposeString('errorReason', {
      nullable: true,
      description: 'Why the chain has nothing in this answer (its node does not answer, it took longer than its bound); null when it answered.',
    }),
    nativeBalances: t.field({ type: [NativeBalanceRef], description: 'One per wallet, in wallet order.', resolve: (c) => c.nativeBalances }),
    nativeTotal: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The wallets’ native balances summed, in wei; null when the chain or one of the wallets’ balances could not be read.',
      resolve: (c) => c.nativeTotal,
    }),
    nativeTotalUsd: t.string({
      nullable: true,
      description: 'nativeTotal × the native coin’s USD price (the zero address’s price in the feed); null without a price.',
      resolve: (c, _, ctx) => (c.nativeTotal === null ? null : nativeValueUsd(ctx, c.chainId, c.nativeTotal)),
    }),
    balances: t.field({
      type: [TokenBalanceRef],
      description: 'Every token balance above zero of the wallets, ordered by account, contract, token id (at most 5,000; see truncated).',
      resolve: (c) => c.balances,
    }),
    truncated: t.exposeBoolean('truncated', { description: 'The wallets hold more than 5,000 balances here: the lists and the holdings cover the first 5,000.' }),
  }),
});
