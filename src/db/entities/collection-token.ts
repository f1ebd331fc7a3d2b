// One token of a hosted collection: the metadata document served at tokenMetadataURI + tokenId.
import { EntitySchema } from 'typeorm';
import { JsonText, Timestamp, Uint256 } from '../columns';

export type CollectionTokenRow = {
  collectionId: number;
  /** Decimal uint256. */
  tokenId: string;
  name: string;
  description: string;
  image: string | null;
  /** JSON text of the remaining TokenMetadata fields (animation_url, external_url, …). */
  extra: string | null;
  properties: string | null;
  attributes: string | null;
  private: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const CollectionTokenEntity = new EntitySchema<CollectionTokenRow>({
  name: 'CollectionToken',
  tableName: 'collection_tokens',
  columns: {
    collectionId: { type: 'integer', primary: true, name: 'collection_id' },
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    name: { type: 'varchar', length: 200 },
    description: { type: 'text' },
    image: { type: 'varchar', length: 2048, nullable: true },
    extra: JsonText(),
    properties: JsonText(),
    attributes: JsonText(),
    private: { type: 'boolean', default: false },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
