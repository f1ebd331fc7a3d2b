// PortfolioHistory: a page of a portfolio's wallets' transactions on every chain, merged newest first.
import { builder } from '../builder';
import type { PortfolioHistoryPage } from '../../domain/portfolio/types';
import { PortfolioHistoryChainRef } from './portfolio-history-chain';
import { TransactionRef } from './transaction';

export const PortfolioHistoryRef = builder.objectRef<PortfolioHistoryPage>('PortfolioHistory').implement({
  description:
    'Transactions moving tokens from or to any of the wallets, newest first across chains (by block time; at one instant, the lower chain id first), under one cursor.',
  fields: (t) => ({
    transactions: t.field({ type: [TransactionRef], description: 'This page, newest first; each carries its chainId.', resolve: (p) => p.transactions }),
    pageSize: t.exposeInt('pageSize', { description: 'The page size (`first`, 20 by default, at most 100).' }),
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'A chain that answered has more transactions.' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page (with the same chain selection); null when every chain is done.' }),
    chains: t.field({ type: [PortfolioHistoryChainRef], description: 'The chains asked for this page.', resolve: (p) => p.chains }),
  }),
});
