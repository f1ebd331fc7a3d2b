// NetworkType and the chain-selection arguments shared by the multi-chain reads (the IndexerGateway's `chainIds`,
// `networks` and `networkType`).
import { builder } from '../builder';

export const NetworkTypeRef = builder.enumType('NetworkType', {
  description: 'Which configured chains a multi-chain read covers, by the `testnet` flag of their configuration.',
  values: {
    MAINNETS: { description: 'Chains not flagged testnet.' },
    TESTNETS: { description: 'Chains flagged testnet.' },
    ALL: { description: 'Every chain (the default).' },
  } as const,
});

export const chainSelectionArgs = builder.args((t) => ({
  chainIds: t.stringList({
    required: false,
    description: 'Chain ids or configured names; absent or empty: every configured chain. An unknown one fails the whole request.',
  }),
  networkType: t.field({ type: NetworkTypeRef, required: false, description: 'Narrows the chains to mainnets or testnets; ALL when absent.' }),
}));

/** Forward paging over several chains: `first` is each chain's page size, `after` the cursor of a previous page. */
export const multiChainPagingArgs = builder.args((t) => ({
  first: t.int({ description: 'Page size of each chain; the read’s default when absent, zero or negative, clamped to its maximum.' }),
  after: t.string({ description: 'The endCursor of a previous page of the same read: every chain continues where it stopped.' }),
}));
