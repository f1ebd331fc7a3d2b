// Metadata refresh tasks: one row per refresh (asked for, named by an on-chain event, an operator sweep or a retry),
// run by the task worker (workers/metadata-tasks.ts over domain/metadata-jobs/due-tasks.ts), readable by id.
import { EntitySchema } from 'typeorm';
import { Address, AutoId, JsonText, Timestamp } from '../columns';

/** QUEUED: waiting for `runAt`; RUNNING: a worker holds it until `leaseUntil`; DONE / FAILED: finished (FAILED says why). */
export type MetadataTaskStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** `tokens`: token metadata of one contract; `contracts`: contract info of one or more contracts of one chain. */
export type MetadataTaskQueue = 'tokens' | 'contracts';

/** Who asked: a client call, an ERC-4906 / ERC-1155 URI event, an operator sweep, or the retry of failed fetches. */
export type MetadataTaskOrigin = 'request' | 'event' | 'admin' | 'retry';

export type MetadataTaskRow = {
  id: number;
  queue: MetadataTaskQueue;
  status: MetadataTaskStatus;
  origin: MetadataTaskOrigin;
  chainId: number;
  /** The token contract of a `tokens` task; null for `contracts` (their addresses are in the payload). */
  contract: string | null;
  /** JSON of TaskPayload (domain/metadata-jobs/task-types.ts). */
  payload: string;
  /** JSON array of one-line outcomes, set when the task ends. */
  result: string | null;
  error: string | null;
  /** Runs started (a run that crashed or lost its lease is retried, up to a cap). */
  tries: number;
  runAt: Date;
  leaseUntil: Date | null;
  lastRanAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const MetadataTaskEntity = new EntitySchema<MetadataTaskRow>({
  name: 'MetadataTask',
  tableName: 'metadata_tasks',
  columns: {
    id: AutoId(),
    queue: { type: 'varchar', length: 16 },
    status: { type: 'varchar', length: 16 },
    origin: { type: 'varchar', length: 16 },
    chainId: { type: 'integer', name: 'chain_id' },
    contract: Address({ nullable: true }),
    // MEDIUMTEXT on MySQL (see the migration): a task may name up to 10,000 token ids.
    payload: { type: 'text' },
    result: JsonText(),
    error: { type: 'varchar', length: 500, nullable: true },
    tries: { type: 'integer', default: 0 },
    runAt: Timestamp({ name: 'run_at' }),
    leaseUntil: Timestamp({ nullable: true, name: 'lease_until' }),
    lastRanAt: Timestamp({ nullable: true, name: 'last_ran_at' }),
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
  indices: [{ name: 'idx_metadata_tasks_due', columns: ['status', 'runAt'] }],
});
