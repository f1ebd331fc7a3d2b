// `source` and `status` of the published ContractInfo and TokenMetadata: GraphQL's enums renamed into the clients'
// Source strings and ResourceStatus (metadata.gen.ts 2.3.43, indexer.gen.ts 3.0.13; wire notes: ContractInfo,
// TokenMetadata). Both are required fields there; Go servers send them without omitempty.
import type { ContractInfoSource, ContractInfoStatus, TokenMetadataSource, TokenMetadataStatus } from '../generated/operations';

/** The clients' ResourceStatus. */
type ResourceStatus = 'NOT_AVAILABLE' | 'REFRESHING' | 'AVAILABLE';

/**
 * Chain reads are the name()/symbol()/decimals() interface calls; a contractURI document is the contract-URI fetcher's;
 * a token list's entry is the token directory's public-list source;
 * an operator's override is this deployment's admin setting it (the clients' Admin service).
 */
export const CONTRACT_SOURCE: Record<ContractInfoSource, string> = {
  CHAIN: 'FETCHER_ON_CHAIN_ERC20_INTERFACE',
  CONTRACT_URI: 'FETCHER_ON_CHAIN_CONTRACT_URI',
  TOKEN_LIST: 'TOKEN_DIRECTORY_PUBLIC_TOKEN_LIST',
  OVERRIDE: 'SEQUENCE_BUILDER_ADMIN',
  NONE: 'UNKNOWN',
};

/** A contract whose contractURI document is being fetched is REFRESHING. */
export const CONTRACT_STATUS: Record<ContractInfoStatus, ResourceStatus> = {
  AVAILABLE: 'AVAILABLE',
  FETCHING: 'REFRESHING',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
};

/** A document from the token URI is the token-URI fetcher's; a hosted collection's token is the builder's collections'. */
export const TOKEN_SOURCE: Record<TokenMetadataSource, string> = {
  CHAIN: 'FETCHER_ON_CHAIN_TOKEN_URI',
  COLLECTION: 'SEQUENCE_BUILDER_COLLECTIONS',
  NONE: 'UNKNOWN',
};

/** A token being fetched is REFRESHING; one whose fetch failed has no document: NOT_AVAILABLE. */
export const TOKEN_STATUS: Record<TokenMetadataStatus, ResourceStatus> = {
  AVAILABLE: 'AVAILABLE',
  FETCHING: 'REFRESHING',
  FAILED: 'NOT_AVAILABLE',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
};

/** A hosted collection's token (Collections service): always there, from the collection. */
export const HOSTED_TOKEN = { source: TOKEN_SOURCE.COLLECTION, status: TOKEN_STATUS.AVAILABLE } as const;
