// Request field names in errors: the domain names fields as GraphQL does (`chainId`, `tokenIds`, `after`); the
// published RPC clients know them by their wire names (`chainID`, `tokenIDs`, `page.after`), which the webrpc error's
// message keeps.
import { DomainError } from '../../domain/errors';
import type { ServiceName } from '../errors';

const INDEXER_AND_METADATA: Record<string, string> = {
  chainId: 'chainID',
  chainIds: 'chainIDs',
  tokenId: 'tokenID',
  tokenIds: 'tokenIDs',
  after: 'page.after',
  'filter.tokenId': 'filter.tokenID',
  'filter.tokenIds': 'filter.tokenIDs',
  'filters.tokenIds': 'filters.tokenIDs',
  'filter.metaTransactionIds': 'filter.metaTransactionIDs',
  logoUri: 'logoURI',
};

/** Collections, the wallet API and analytics spell their fields as GraphQL does. */
const WIRE_NAMES: Record<ServiceName, Record<string, string>> = {
  Indexer: INDEXER_AND_METADATA,
  // The gateway's clients send `chainIds` (and `networks`, which the RPC merges into it).
  IndexerGateway: { ...INDEXER_AND_METADATA, chainIds: 'chainIds' },
  Metadata: INDEXER_AND_METADATA,
  Admin: INDEXER_AND_METADATA,
  Collections: {},
  // ResolveENSAddress sends the name as `ens`.
  API: { name: 'ens' },
  Analytics: {},
};

const renamed = (names: Record<string, string>, field: string): string => {
  const key = Object.keys(names)
    .filter((k) => field === k || field.startsWith(`${k}.`) || field.startsWith(`${k}[`))
    .sort((a, b) => b.length - a.length)[0];
  return key ? names[key] + field.slice(key.length) : field;
};

/** The error as the RPC reports it: its field, and the field at the head of its message, under the wire name. */
export const withWireFieldNames = (service: ServiceName, err: DomainError): DomainError => {
  if (!err.field) return err;
  const field = renamed(WIRE_NAMES[service], err.field);
  if (field === err.field) return err;
  const message = err.message.startsWith(`${err.field}:`) ? field + err.message.slice(err.field.length) : err.message;
  return new DomainError(err.kind, message, field);
};
