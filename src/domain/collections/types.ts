// Plain shapes of hosted collections and their tokens, as the rest of Strata sees them.
import type { PropertyValue } from '../validate';

export type CollectionMetadata = {
  name: string;
  description: string;
  image: string | null;
  externalLink: string | null;
  properties: Record<string, PropertyValue> | null;
};

export type Collection = {
  id: number;
  projectId: number;
  metadata: CollectionMetadata;
  private: boolean;
  tokenCount: number;
  createdAt: Date;
  updatedAt: Date;
  baseURIs: { contractMetadataURI: string; tokenMetadataURI: string };
};

/** TokenMetadata fields beyond name/description/image/properties/attributes. */
export type TokenExtra = {
  video?: string;
  audio?: string;
  imageData?: string;
  externalUrl?: string;
  backgroundColor?: string;
  animationUrl?: string;
  decimals?: number;
};

export type CollectionToken = {
  collectionId: number;
  tokenId: string;
  name: string;
  description: string;
  image: string;
  properties: Record<string, PropertyValue> | null;
  attributes: Array<Record<string, PropertyValue>> | null;
  extra: TokenExtra;
  private: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type CollectionInput = {
  name?: unknown;
  description?: unknown;
  image?: unknown;
  externalLink?: unknown;
  properties?: unknown;
  private?: unknown;
};

export type TokenInput = {
  tokenId?: unknown;
  name?: unknown;
  description?: unknown;
  image?: unknown;
  properties?: unknown;
  attributes?: unknown;
  video?: unknown;
  audio?: unknown;
  imageData?: unknown;
  externalUrl?: unknown;
  backgroundColor?: unknown;
  animationUrl?: unknown;
  decimals?: unknown;
};
