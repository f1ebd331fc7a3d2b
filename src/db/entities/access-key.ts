// A public access key (X-Access-Key) of a project, stored as its hash (src/db/access-key-hash.ts).
import { EntitySchema } from 'typeorm';
import { AutoId, BlockNumber, JsonText, Timestamp } from '../columns';

export type AccessKeyRow = {
  id: number;
  projectId: number;
  keyHash: string;
  /** The owner's label for it; '' when unnamed. */
  name: string;
  /** Each project has exactly one default key. */
  isDefault: boolean;
  /** JSON array of allowed browser origins (scheme://host[:port]); null or [] allows any. */
  originsJson: string | null;
  /** The key's last four characters, to tell keys apart in lists. */
  hint: string;
  /** Its ceiling on a GraphQL request's cost; null: the server's (GRAPHQL_MAX_COST). */
  maxQueryCost: number | null;
  /** Its own request rate per second and quota per calendar month; null: the server's (KEY_REQUESTS_PER_*). */
  requestsPerSecond: number | null;
  requestsPerMonth: number | null;
  createdAt: Date;
};

export const AccessKeyEntity = new EntitySchema<AccessKeyRow>({
  name: 'AccessKey',
  tableName: 'access_keys',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    keyHash: { type: 'varchar', length: 64, name: 'key_hash', unique: true },
    name: { type: 'varchar', length: 100, default: '' },
    isDefault: { type: 'boolean', name: 'is_default', default: false },
    originsJson: JsonText({ name: 'origins_json', nullable: true }),
    hint: { type: 'varchar', length: 8, default: '' },
    maxQueryCost: { type: 'integer', name: 'max_query_cost', nullable: true },
    requestsPerSecond: { type: 'integer', name: 'requests_per_second', nullable: true },
    requestsPerMonth: BlockNumber({ name: 'requests_per_month', nullable: true }),
    createdAt: Timestamp({ name: 'created_at' }),
  },
});
