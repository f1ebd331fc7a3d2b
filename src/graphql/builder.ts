// The Pothos schema builder every type file registers on.
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    Timestamp: { Input: Date; Output: Date | null };
    BigInt: { Input: string; Output: string | bigint };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [RelayPlugin],
  defaultFieldNullability: false,
  relay: { clientMutationId: 'omit', cursorType: 'String' },
});

builder.queryType({ description: 'Strata: balances, history, contracts, token metadata and hosted collections.' });
builder.mutationType({});
builder.subscriptionType({ description: 'Live events, pushed after ingestion commits; corrections on reorg.' });
