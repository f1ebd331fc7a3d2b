// What every connection shares: Relay paging arguments both ways, and the fields Strata adds to each connection
// (`nodes`, `totalCount`, `pageSize`). A connection resolves to `connectionOf(page)` of a domain page.
import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder';
import type { Page } from '../../domain/paging';

/** The connection shape the relay plugin resolves, plus what Strata's extra fields read. */
export const connectionOf = <T>(p: Page<T>) => ({
  edges: p.items,
  pageInfo: { hasNextPage: p.hasNextPage, hasPreviousPage: p.hasPreviousPage, startCursor: p.startCursor, endCursor: p.endCursor },
  pageSize: p.pageSize,
  totalCount: p.totalCount,
});

type ConnectionValue = ReturnType<typeof connectionOf>;
const valueOf = (c: unknown) => c as ConnectionValue;

/** Relay paging: `first`/`after` reads forward, `last`/`before` backward; the service clamps sizes to the list's maximum. */
export const pagingArgs = builder.args((t) => ({
  first: t.int({ description: 'Forward page size; the list’s default when absent, zero or negative, clamped to its maximum.' }),
  after: t.string({ description: 'Read forward from after this cursor (a cursor of a previous page of the same list).' }),
  last: t.int({ description: 'Backward page size: the rows just before `before` (or the list’s last rows); clamped like `first`.' }),
  before: t.string({ description: 'Read backward from before this cursor (a cursor of a previous page of the same list).' }),
}));

/** A size of zero or below is no size (the arguments' documented contract); the domain refuses one. */
const sizeArg = (n: number | null | undefined) => (n != null && n >= 1 ? n : null);
/** An empty cursor is no cursor (GraphQL clients that build variables from a form send ""); the domain refuses one. */
const cursorArg = (c: string | null | undefined) => (c ? c : null);

/**
 * The domain's page request from the paging arguments. GraphQL keeps its documented leniency here, at its own
 * boundary: the domain takes sizes and cursors as given (the RPC's quirks are settled in rpc/wire).
 */
export const pageOfArgs = (args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null }) => ({
  first: sizeArg(args.first),
  after: cursorArg(args.after),
  last: sizeArg(args.last),
  before: cursorArg(args.before),
});

/**
 * A connection type named `<Name>Connection` with edges `<Name>Edge`, described, with `nodes`, `totalCount` and
 * `pageSize`; `extra` adds fields of its own.
 */
export const connectionType = <T extends object>(
  node: ObjectRef<any, T>,
  name: string,
  what: { description: string; count: string },
  extra?: Parameters<typeof builder.connectionObject>[0]['fields'],
) =>
  builder.connectionObject(
    {
      type: node,
      name: `${name}Connection`,
      description: what.description,
      fields: (t) => ({
        nodes: t.field({
          type: [node],
          description: 'The page’s nodes, as `edges` without the cursors.',
          resolve: (c) => valueOf(c).edges.map((e) => e.node as T),
        }),
        totalCount: t.int({
          description: `${what.count} Counted only when selected.`,
          resolve: (c) => valueOf(c).totalCount?.() ?? valueOf(c).edges.length,
        }),
        pageSize: t.int({
          description: 'The page size applied (the list’s default, or `first`/`last` clamped to its maximum).',
          resolve: (c) => valueOf(c).pageSize,
        }),
        ...(extra ? extra(t as never) : {}),
      }),
    },
    { name: `${name}Edge`, description: `One ${name} of a ${name}Connection page, with its cursor.` },
  );
