// A hosted NFT collection owned by a project; its metadata documents are served by Strata.
import { EntitySchema } from 'typeorm';
import { AutoId, JsonText, Timestamp } from '../columns';

export type CollectionRow = {
  id: number;
  projectId: number;
  name: string;
  description: string;
  image: string | null;
  externalLink: string | null;
  /** JSON object text, or null when unset. */
  properties: string | null;
  private: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const CollectionEntity = new EntitySchema<CollectionRow>({
  name: 'Collection',
  tableName: 'collections',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    name: { type: 'varchar', length: 200 },
    description: { type: 'text' },
    image: { type: 'varchar', length: 2048, nullable: true },
    externalLink: { type: 'varchar', length: 2048, nullable: true, name: 'external_link' },
    properties: JsonText(),
    private: { type: 'boolean', default: false },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
  indices: [{ name: 'idx_collections_project', columns: ['projectId', 'id'] }],
});
