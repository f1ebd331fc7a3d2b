// The shape of every multi-chain read: one page per chain (its rows, or the reason it has none) and one cursor for
// all of them (domain/indexer/gateway.ts documents the paging).
import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder';
import type { ChainAnswer, MultiChainPage } from '../../domain/indexer/gateway';
import type { Page } from '../../domain/paging';

type ChainPage<T> = ChainAnswer<Page<T>>;

/**
 * `MultiChain<Name>Page` with `chains: [Chain<Name>Page]`; `extra` adds fields to each chain's page (read from the
 * chain's domain page, null when the chain has none).
 */
export const multiChainPageType = <T extends object, P extends Page<T> = Page<T>>(
  node: ObjectRef<any, T>,
  name: string,
  what: string,
  extra?: (t: any) => Record<string, unknown>,
) => {
  const chainPage = builder.objectRef<ChainAnswer<P>>(`Chain${name}Page`).implement({
    description: `One chain’s page of ${what}: its rows, or why it has none (errorReason).`,
    fields: (t) => ({
      chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
      errorReason: t.exposeString('errorReason', {
        nullable: true,
        description: 'Why this chain has no rows on this page (its node does not answer, it took longer than its bound, its read failed); null when it answered.',
      }),
      nodes: t.field({ type: [node], description: 'The chain’s rows on this page; each carries its chainId.', resolve: (c) => c.value?.items.map((i) => i.node) ?? [] }),
      hasNextPage: t.boolean({ description: 'The chain has more rows after this page.', resolve: (c) => c.value?.hasNextPage ?? false }),
      ...(extra ? extra(t) : {}),
    }),
  });
  return builder.objectRef<MultiChainPage<P>>(`MultiChain${name}Page`).implement({
    description: `A page of ${what} on several chains. Each chain reads its own page of \`first\` rows; \`endCursor\` holds where every chain stopped, so the next page continues each one (a chain with no more rows is not read again; a chain that failed is read again from where it was).`,
    fields: (t) => ({
      pageSize: t.exposeInt('pageSize', { description: 'Each chain’s page size (the read’s default, or `first` clamped to its maximum).' }),
      hasNextPage: t.exposeBoolean('hasNextPage', { description: 'A chain that answered has more rows.' }),
      endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page; null when every chain is done.' }),
      chains: t.field({ type: [chainPage], description: 'One page per selected chain, in configuration order.', resolve: (p) => p.chains }),
    }),
  });
};

export type { ChainPage };
