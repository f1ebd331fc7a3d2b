// Per chain, what ingestion's checkpoint said at one moment, sampled about once a minute (workers/chain-pace.ts) and
// kept for CHAIN_PACE_RETENTION_DAYS: the console's pace and lag over time. Not a chain table: nothing here is rolled
// back with a reorg, it is a record of how ingestion moved.
import { EntitySchema } from 'typeorm';
import { BlockNumber } from '../columns';

export type ChainPaceSampleRow = {
  chainId: number;
  /**
   * When it was sampled, in ms since 1970 (UTC), rounded down to the sampling interval: processes that sample the same
   * chain in one interval write one row. A number rather than a datetime so that thinning a long window is one GROUP BY
   * expression on both dialects.
   */
  sampledMs: number;
  indexedBlock: number;
  headBlock: number;
  /** The checkpoint's events counter (transfer rows committed, never counted down). */
  eventsIndexed: number;
};

export const ChainPaceSampleEntity = new EntitySchema<ChainPaceSampleRow>({
  name: 'ChainPaceSample',
  tableName: 'chain_pace_samples',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    sampledMs: BlockNumber({ primary: true, name: 'sampled_ms' }),
    indexedBlock: BlockNumber({ name: 'indexed_block' }),
    headBlock: BlockNumber({ name: 'head_block' }),
    eventsIndexed: BlockNumber({ name: 'events_indexed', default: 0 }),
  },
});
