// A public access key (X-Access-Key) of a project, stored as its hash (src/db/access-key-hash.ts).
import { EntitySchema } from 'typeorm';
import { AutoId, Timestamp } from '../columns';

export type AccessKeyRow = { id: number; projectId: number; keyHash: string; createdAt: Date };

export const AccessKeyEntity = new EntitySchema<AccessKeyRow>({
  name: 'AccessKey',
  tableName: 'access_keys',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    keyHash: { type: 'varchar', length: 64, name: 'key_hash', unique: true },
    createdAt: Timestamp({ name: 'created_at' }),
  },
});
