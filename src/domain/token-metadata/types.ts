// Plain shapes of token metadata, as the rest of Strata sees them.
import type { NormalizedTokenMetadata } from '../../web';

/**
 * AVAILABLE: a document is there (from the chain's token URI or a linked hosted collection).
 * FETCHING: none yet, a fetch is running. FAILED: none, the last fetch failed (retried after `retryAt`).
 * NOT_AVAILABLE: nothing to fetch (a linked collection without that token, or the fetch queue is full).
 */
export type TokenMetadataStatus = 'AVAILABLE' | 'FETCHING' | 'FAILED' | 'NOT_AVAILABLE';

export type TokenMetadata = NormalizedTokenMetadata & {
  chainId: number;
  /** Lower-case. */
  contractAddress: string;
  status: TokenMetadataStatus;
  /** Where the document came from: the token URI on chain, or the linked hosted collection. */
  source: 'CHAIN' | 'COLLECTION' | 'NONE';
  /** The hosted collection the document comes from (source COLLECTION), whose uploaded media it lists. */
  collectionId?: number;
  /** Why the last fetch failed (also when an older document still answers). */
  lastError: string | null;
  /** Reads do not fetch a failed token again before this time. */
  retryAt: Date | null;
  /** When the document was fetched (or the hosted token last changed); null without a document. */
  updatedAt: Date | null;
};

/** `tokenId` is a canonical decimal string. */
export type TokenKey = { chainId: number; contract: string; tokenId: string };

export const tokenKeyOf = (k: TokenKey): string => `${k.chainId}:${k.contract}:${k.tokenId}`;

export const emptyDocument = (tokenId: string): NormalizedTokenMetadata => ({
  tokenId,
  name: '',
  description: '',
  image: '',
  video: '',
  audio: '',
  properties: null,
  attributes: null,
  imageData: '',
  externalUrl: '',
  backgroundColor: '',
  animationUrl: '',
  decimals: null,
});

export type CollectionLink = { id: number; chainId: number; contractAddress: string; collectionId: number; createdAt: Date };
