// The RPC table: each documented Service/Operation → a GraphQL document plus request/response renaming.
// No rules live here; an operation that is not in the table answers the webrpc bad-route error.
import type { DocumentNode } from 'graphql';
import { loadRpcDocument } from './documents';
import type { ServiceName } from './errors';
import type * as Ops from './generated/operations';
import { collectionOut, tokenMetadataIn, updatedTokenOut } from './wire/collections';
import { numberedPageIn, numberedPageOut, type Body } from './wire/common';

export type RpcEntry<Data = any> = {
  service: ServiceName;
  operation: string;
  document: DocumentNode;
  variables: (body: Body) => Record<string, unknown>;
  reply: (data: Data) => Record<string, unknown>;
};

const entry = <Data>(service: ServiceName, operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(`${service}.${operation}`),
  ...e,
});

export const createRpcTable = (): Map<string, RpcEntry> => {
  const entries: RpcEntry[] = [
    entry<Ops.ListCollectionsQuery>('Collections', 'ListCollections', {
      variables: (b) => ({ projectId: b.projectId, page: numberedPageIn(b.page) }),
      reply: (d) => ({ page: numberedPageOut(d.collections.page), collections: d.collections.collections.map(collectionOut) }),
    }),
    entry<Ops.GetCollectionQuery>('Collections', 'GetCollection', {
      variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
      reply: (d) => ({ collection: collectionOut(d.collection) }),
    }),
    entry<Ops.UpdateTokenMutation>('Collections', 'UpdateToken', {
      variables: (b) => ({
        projectId: b.projectId,
        collectionId: b.collectionId,
        tokenId: b.tokenId,
        token: tokenMetadataIn(b.token),
        private: b.private,
      }),
      reply: (d) => ({ token: updatedTokenOut(d.updateCollectionToken) }),
    }),
  ];
  return new Map(entries.map((e) => [`/rpc/${e.service}/${e.operation}`, e]));
};
