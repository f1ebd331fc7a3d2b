// A project: the tenant that owns collections, access keys and bearer tokens.
import { EntitySchema } from 'typeorm';
import { AutoId, Timestamp } from '../columns';

export type ProjectRow = { id: number; name: string; createdAt: Date };

export const ProjectEntity = new EntitySchema<ProjectRow>({
  name: 'Project',
  tableName: 'projects',
  columns: {
    id: AutoId(),
    name: { type: 'varchar', length: 200 },
    createdAt: Timestamp({ name: 'created_at' }),
  },
});
