// An uploaded file of a hosted collection token, for one of its metadata fields (image, animation_url, …).
import { EntitySchema } from 'typeorm';
import { AutoId, Timestamp } from '../columns';

export type AssetRow = {
  id: number;
  projectId: number;
  collectionId: number;
  /** Canonical decimal. */
  tokenId: string;
  metadataField: string;
  storageKey: string;
  filename: string;
  filesize: number;
  mimeType: string;
  width: number | null;
  height: number | null;
  sha256: string;
  createdAt: Date;
  updatedAt: Date;
};

export const AssetEntity = new EntitySchema<AssetRow>({
  name: 'Asset',
  tableName: 'assets',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    collectionId: { type: 'integer', name: 'collection_id' },
    tokenId: { type: 'varchar', length: 78, name: 'token_id' },
    metadataField: { type: 'varchar', length: 64, name: 'metadata_field' },
    storageKey: { type: 'varchar', length: 300, name: 'storage_key' },
    filename: { type: 'varchar', length: 200 },
    filesize: { type: 'integer' },
    mimeType: { type: 'varchar', length: 100, name: 'mime_type' },
    width: { type: 'integer', nullable: true },
    height: { type: 'integer', nullable: true },
    sha256: { type: 'varchar', length: 64 },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
