// Conversions between collection rows and domain shapes.
import type { CollectionRow, CollectionTokenRow } from '../../db';
import type { Collection, CollectionToken, TokenExtra } from './types';
import { sortKeys } from '../validate';

const parseJson = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

export const baseURIsOf = (publicUrl: string, projectId: number, id: number) => ({
  contractMetadataURI: `${publicUrl}/projects/${projectId}/collections/${id}.json`,
  tokenMetadataURI: `${publicUrl}/projects/${projectId}/collections/${id}/tokens/`,
});

export const collectionFromRow = (row: CollectionRow, tokenCount: number, publicUrl: string): Collection => {
  const properties = parseJson<Record<string, string | number | boolean>>(row.properties);
  return {
    id: row.id,
    projectId: row.projectId,
    metadata: {
      name: row.name,
      description: row.description,
      image: row.image,
      externalLink: row.externalLink,
      properties: properties && sortKeys(properties),
    },
    private: Boolean(row.private),
    tokenCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    baseURIs: baseURIsOf(publicUrl, row.projectId, row.id),
  };
};

export const tokenFromRow = (row: CollectionTokenRow): CollectionToken => {
  const properties = parseJson<Record<string, string | number | boolean>>(row.properties);
  const attributes = parseJson<Array<Record<string, string | number | boolean>>>(row.attributes);
  return {
    collectionId: row.collectionId,
    tokenId: row.tokenId,
    name: row.name,
    description: row.description,
    image: row.image ?? '',
    properties: properties && sortKeys(properties),
    attributes: attributes && attributes.length ? attributes : null,
    extra: parseJson<TokenExtra>(row.extra) ?? {},
    private: Boolean(row.private),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};
