// The RPC table: each documented Service/Operation → a GraphQL document plus request/response renaming, one file per
// webrpc service. No rules live here; an operation that is not in the table answers the webrpc bad-route error.
import { adminEntries } from './admin';
import { analyticsEntries } from './analytics';
import { apiEntries } from './api';
import { collectionsEntries } from './collections';
import type { RpcEntry } from './entry';
import { indexerEntries } from './indexer';
import { indexerGatewayEntries } from './indexer-gateway';
import { metadataEntries } from './metadata';

export type { RpcEntry } from './entry';

export const createRpcTable = (): Map<string, RpcEntry> => {
  const entries: RpcEntry[] = [
    ...indexerEntries(),
    ...indexerGatewayEntries(),
    ...metadataEntries(),
    ...collectionsEntries(),
    ...adminEntries(),
    ...apiEntries(),
    ...analyticsEntries(),
  ];
  return new Map(entries.map((e) => [`/rpc/${e.service}/${e.operation}`, e]));
};
