// The one shape of an RPC table entry and the one helper that builds it: Service/Operation → a GraphQL document
// (schema/rpc/<document>.graphql) plus request/response renaming. No rules live in the table.
import type { DocumentNode } from 'graphql';
import { loadRpcDocument } from '../documents';
import type { ServiceName } from '../errors';
import type * as Ops from '../generated/operations';
import type { Answered, Body } from '../wire/common';
import { versionOut } from '../wire/runtime-status';

export type RpcEntry<Data = any> = {
  service: ServiceName;
  operation: string;
  document: DocumentNode;
  variables: (body: Body) => Record<string, unknown>;
  /** For a stream, called once per message. */
  reply(data: Answered<Data>, body: Body): Record<string, unknown>;
  /** Subscribe* operations: a GraphQL subscription served as an NDJSON stream. */
  stream?: boolean;
};

/** `document` names schema/rpc/<document>.graphql: `<Service>.<Operation>` unless the operation shares another's. */
export const entry = <Data>(
  service: ServiceName,
  operation: string,
  { document = `${service}.${operation}`, ...e }: Pick<RpcEntry<Data>, 'variables' | 'reply' | 'stream'> & { document?: string },
): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(document),
  ...e,
});

/**
 * Ping, Version and RuntimeStatus of every service (the Indexer's documents) take no arguments; the Indexer's runtime
 * status reports the chain its base URL names.
 */
export const statusEntries = (service: ServiceName, runtimeStatusOut: RpcEntry<Ops.RuntimeStatusQuery>['reply']): RpcEntry[] => [
  entry<Ops.PingQuery>(service, 'Ping', { document: 'Indexer.Ping', variables: () => ({}), reply: (d) => ({ status: d.ping }) }),
  entry<Ops.VersionQuery>(service, 'Version', { document: 'Indexer.Version', variables: () => ({}), reply: versionOut }),
  entry<Ops.RuntimeStatusQuery>(service, 'RuntimeStatus', { document: 'Indexer.RuntimeStatus', variables: () => ({}), reply: runtimeStatusOut }),
];
