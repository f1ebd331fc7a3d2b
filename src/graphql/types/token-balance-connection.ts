// Relay connections over the Indexer's keyset pages: forward only (`first`, `after`), cursors opaque and shared with the RPC `page.after`.
import { builder } from '../builder';
import type { CursorPage } from '../../domain/indexer/types';

/** The connection shape the relay plugin resolves, plus the page size the server applied. */
export const connectionOf = <T>(p: CursorPage<T>) => ({
  edges: p.items,
  pageInfo: { hasNextPage: p.more, hasPreviousPage: false, startCursor: p.items[0]?.cursor ?? null, endCursor: p.endCursor },
  pageSize: p.pageSize,
});

/** Forward paging arguments; the service clamps `first` to the operation's maximum. */
export const forwardArgs = builder.args((t) => ({
  first: t.int({ description: 'Page size; the operation’s default when absent, clamped to its maximum.' }),
  after: t.string({ description: 'The `endCursor` of the previous page.' }),
}));

export const pageOfArgs = (args: { first?: number | null; after?: string | null }) => ({ pageSize: args.first, after: args.after });

/** Extra connection field: the page size the server applied. */
export const pageSizeField = {
  description: 'The page size applied (the default, or `first` clamped to the maximum).',
  resolve: (c: unknown) => (c as { pageSize: number }).pageSize,
};
