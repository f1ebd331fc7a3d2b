// Plain shapes of hosted collections and their tokens, as the rest of Strata sees them.
import type { Maybe } from '../validate';
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

/** As GraphQL types them (CollectionInput); `properties` is any JSON object, checked by the service. */
export type CollectionInput = {
  name?: Maybe<string>;
  description?: Maybe<string>;
  image?: Maybe<string>;
  externalLink?: Maybe<string>;
  properties?: Maybe<Record<string, unknown>>;
  private?: Maybe<boolean>;
};

/** As GraphQL types them (TokenMetadataInput); the token id in decimal, JSON objects checked by the service. */
export type TokenInput = {
  tokenId?: Maybe<string>;
  name?: Maybe<string>;
  description?: Maybe<string>;
  image?: Maybe<string>;
  properties?: Maybe<Record<string, unknown>>;
  attributes?: Maybe<Array<Record<string, unknown>>>;
  video?: Maybe<string>;
  audio?: Maybe<string>;
  imageData?: Maybe<string>;
  externalUrl?: Maybe<string>;
  backgroundColor?: Maybe<string>;
  animationUrl?: Maybe<string>;
  decimals?: Maybe<number>;
};
