// Requests of one access key on one UTC day, as the gateways counted them (domain/limits/usage.ts adds to these rows
// in batches). The project is kept on the row so a revoked key's history still says whose it was.
import { EntitySchema } from 'typeorm';
import { BlockNumber } from '../columns';

export type AccessKeyUsageDayRow = {
  accessKeyId: number;
  /** Days since 1970-01-01, UTC. */
  day: number;
  projectId: number;
  /** Requests served. */
  requests: number;
  /** Requests refused for the key's rate or quota. */
  refused: number;
};

export const AccessKeyUsageDayEntity = new EntitySchema<AccessKeyUsageDayRow>({
  name: 'AccessKeyUsageDay',
  tableName: 'access_key_usage_days',
  columns: {
    accessKeyId: { type: 'integer', primary: true, name: 'access_key_id' },
    day: { type: 'integer', primary: true, name: 'utc_day' },
    projectId: { type: 'integer', name: 'project_id' },
    requests: BlockNumber({ default: 0 }),
    refused: BlockNumber({ default: 0 }),
  },
  // A project's days across its keys (the console's project usage chart).
  indices: [{ name: 'idx_access_key_usage_days_project', columns: ['projectId', 'day'] }],
});
