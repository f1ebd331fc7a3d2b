// Per chain: how far ingestion has committed, and what it last saw of the node.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Hash, JsonText, Timestamp } from '../columns';

export type ChainCheckpointRow = {
  chainId: number;
  /** Last block whose rows are all committed (startBlock - 1 before the first batch). */
  indexedBlock: number;
  indexedHash: string | null;
  headBlock: number;
  finalizedBlock: number;
  /** Commits that published events (batches, rollbacks, finality), counted: published events carry theirs. */
  eventSeq: number;
  /** Events (transfer rows) committed by batches, counted up as they commit (rollbacks do not count down): a rate's source. */
  eventsIndexed?: number;
  /** First block of the stretch ingested block by block with receipts (backfilled blocks come before it). */
  liveFrom: number;
  /** First block whose chain-derived writes are all in the undo log: a rollback may not go below undoFrom - 1. */
  undoFrom: number;
  /** Where finalizedBlock comes from: the node's `finalized` block ('node'), or the confirmation depth alone. */
  finalitySource?: 'node' | 'confirmations' | null;
  /** The endpoints' health as the ingester last saw it (JSON of EndpointStatus[]), for the progress query. */
  endpointsJson?: string | null;
  updatedAt: Date;
};

export const ChainCheckpointEntity = new EntitySchema<ChainCheckpointRow>({
  name: 'ChainCheckpoint',
  tableName: 'chain_checkpoints',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    indexedBlock: BlockNumber({ name: 'indexed_block' }),
    indexedHash: Hash({ nullable: true, name: 'indexed_hash' }),
    headBlock: BlockNumber({ name: 'head_block' }),
    finalizedBlock: BlockNumber({ name: 'finalized_block' }),
    eventSeq: BlockNumber({ name: 'event_seq', default: 0 }),
    eventsIndexed: BlockNumber({ name: 'events_indexed', default: 0 }),
    liveFrom: BlockNumber({ name: 'live_from', default: 0 }),
    undoFrom: BlockNumber({ name: 'undo_from', default: 0 }),
    finalitySource: { type: 'varchar', length: 16, nullable: true, name: 'finality_source' },
    endpointsJson: JsonText({ name: 'endpoints_json' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
