// The Pothos schema builder every type file registers on.
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    Timestamp: { Input: Date; Output: Date | null };
    BigInt: { Input: string; Output: string | bigint };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [RelayPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Every connection shares these; Strata's own connection fields are in types/connection.ts.
    pageInfoTypeOptions: { description: 'Where a connection page sits in its list (Relay cursor connections).' },
    hasNextPageFieldOptions: { description: 'More rows follow the page’s last row.' },
    hasPreviousPageFieldOptions: { description: 'More rows come before the page’s first row.' },
    startCursorFieldOptions: { description: 'The cursor of the page’s first row (pass as `before` to read the rows before it); null on an empty page.' },
    endCursorFieldOptions: { description: 'The cursor of the page’s last row (pass as `after` to read the rows after it); null on an empty page.' },
    edgesFieldOptions: { description: 'The page’s rows, each with its cursor.' },
    pageInfoFieldOptions: { description: 'Where the page sits in the list.' },
    cursorFieldOptions: { description: 'Opaque position of this row, for `after` or `before`.' },
    nodeFieldOptions: { description: 'The row.' },
  },
});

builder.queryType({ description: 'Strata: balances, history, contracts, token metadata and hosted collections.' });
builder.mutationType({ description: 'Changes: hosted collections and their tokens, collection links, wallet links, operator flags and metadata refreshes.' });
builder.subscriptionType({ description: 'Live events, pushed after ingestion commits; corrections on reorg.' });
