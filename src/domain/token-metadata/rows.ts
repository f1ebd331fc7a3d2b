// Turns cached rows and hosted collection tokens into TokenMetadata.
import type { TokenMetadataRow } from '../../db';
import type { NormalizedTokenMetadata } from '../../web';
import type { CollectionToken } from '../collections/types';
import { emptyDocument, type TokenKey, type TokenMetadata } from './types';

const parseDocument = (text: string | null, tokenId: string): NormalizedTokenMetadata | null => {
  if (!text) return null;
  try {
    return { ...emptyDocument(tokenId), ...(JSON.parse(text) as NormalizedTokenMetadata), tokenId };
  } catch {
    return null;
  }
};

const base = (k: TokenKey) => ({ chainId: k.chainId, contractAddress: k.contract });

/** A token with nothing stored yet: FETCHING when a fetch runs, else NOT_AVAILABLE. */
export const pendingMetadata = (k: TokenKey, fetching: boolean, why: string | null = null): TokenMetadata => ({
  ...emptyDocument(k.tokenId),
  ...base(k),
  status: fetching ? 'FETCHING' : 'NOT_AVAILABLE',
  source: 'NONE',
  lastError: why,
  retryAt: null,
  updatedAt: null,
});

export const metadataFromRow = (k: TokenKey, row: TokenMetadataRow | undefined, fetching: boolean): TokenMetadata => {
  if (!row) return pendingMetadata(k, fetching);
  const doc = parseDocument(row.document, k.tokenId);
  const failed = row.status === 'FAILED';
  return {
    ...(doc ?? emptyDocument(k.tokenId)),
    ...base(k),
    status: doc ? 'AVAILABLE' : fetching ? 'FETCHING' : failed ? 'FAILED' : 'NOT_AVAILABLE',
    source: doc ? 'CHAIN' : 'NONE',
    lastError: failed ? row.error : null,
    retryAt: failed ? row.retryAt : null,
    updatedAt: doc ? row.fetchedAt : null,
  };
};

export const metadataFromCollectionToken = (k: TokenKey, t: CollectionToken): TokenMetadata => ({
  tokenId: k.tokenId,
  name: t.name,
  description: t.description,
  image: t.image,
  video: t.extra.video ?? '',
  audio: t.extra.audio ?? '',
  properties: t.properties,
  attributes: t.attributes,
  imageData: t.extra.imageData ?? '',
  externalUrl: t.extra.externalUrl ?? '',
  backgroundColor: t.extra.backgroundColor?.replace(/^#/, '') ?? '',
  animationUrl: t.extra.animationUrl ?? '',
  decimals: t.extra.decimals ?? null,
  ...base(k),
  status: 'AVAILABLE',
  source: 'COLLECTION',
  collectionId: t.collectionId,
  lastError: null,
  retryAt: null,
  updatedAt: t.updatedAt,
});
