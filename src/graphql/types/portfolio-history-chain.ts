// PortfolioHistoryChain: whether one chain answered a page of a portfolio's merged history.
import { builder } from '../builder';

export const PortfolioHistoryChainRef = builder.objectRef<{ chainId: number; errorReason: string | null }>('PortfolioHistoryChain').implement({
  description: 'One chain asked for a page of a portfolio’s history.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    errorReason: t.exposeString('errorReason', {
      nullable: true,
      description: 'Why the chain gave no rows to this page; it keeps its place, and the next page asks it again from there. null when it answered.',
    }),
  }),
});
