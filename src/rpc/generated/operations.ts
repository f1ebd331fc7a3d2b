/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** Numbered paging: `page` is 1-based. */
export type PageInput = {
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
};

export type TokenMetadataInput = {
  animationUrl?: string | null | undefined;
  attributes?: Array<Record<string, unknown>> | null | undefined;
  audio?: string | null | undefined;
  backgroundColor?: string | null | undefined;
  decimals?: number | null | undefined;
  description?: string | null | undefined;
  externalUrl?: string | null | undefined;
  image?: string | null | undefined;
  imageData?: string | null | undefined;
  name?: string | null | undefined;
  properties?: Record<string, unknown> | null | undefined;
  tokenId?: string | null | undefined;
  video?: string | null | undefined;
};

export type GetCollectionQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
}>;


export type GetCollectionQuery = { collection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } };

export type ListCollectionsQueryVariables = Exact<{
  projectId?: number | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type ListCollectionsQuery = { collections: { page: { page: number | null, pageSize: number, more: boolean }, collections: Array<{ id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } }> } };

export type UpdateTokenMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  tokenId: string;
  token: TokenMetadataInput;
  private?: boolean | null | undefined;
}>;


export type UpdateTokenMutation = { updateCollectionToken: { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null } };

export type CollectionFieldsFragment = { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } };
