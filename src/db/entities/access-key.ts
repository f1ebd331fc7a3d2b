// A public access key (X-Access-Key) of a project.
import { EntitySchema } from 'typeorm';
import { AutoId, Timestamp } from '../columns';

export type AccessKeyRow = { id: number; projectId: number; key: string; createdAt: Date };

export const AccessKeyEntity = new EntitySchema<AccessKeyRow>({
  name: 'AccessKey',
  tableName: 'access_keys',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    key: { type: 'varchar', length: 64, name: 'access_key', unique: true },
    createdAt: Timestamp({ name: 'created_at' }),
  },
});
