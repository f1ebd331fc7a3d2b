// Contracts a user named for a chain (CHAINS `contracts`, or `strata chain add`): only their logs are fetched. Each has
// its own backfill cursor until it joins the chain's head following; the ingester alone moves `state` and the cursor,
// toward what operators asked (`wanted`).
import { EntitySchema } from 'typeorm';
import { Address, BlockNumber, Timestamp } from '../columns';

export type WatchedContractState = 'pending' | 'backfilling' | 'live' | 'removed' | 'failed';

export type WatchedContractRow = {
  chainId: number;
  address: string;
  /** 'config': listed in CHAINS (removed when no longer listed); 'operator': added by a command. */
  origin: 'config' | 'operator';
  wanted: 'indexed' | 'removed';
  state: WatchedContractState;
  /** First block indexed; null until the ingester finds the deployment block. */
  startBlock: number | null;
  /** Its logs are committed up to here (its own backfill, then, once live, where it last left the chain's cursor). */
  backfilledTo: number | null;
  /** Backfill speed measured over the last batches, for the ETA. */
  blocksPerSecond: number | null;
  /** Why it is `failed` (no code at the address, say). */
  error: string | null;
  addedAt: Date;
  updatedAt: Date;
};

export const WatchedContractEntity = new EntitySchema<WatchedContractRow>({
  name: 'WatchedContract',
  tableName: 'watched_contracts',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    origin: { type: 'varchar', length: 16 },
    wanted: { type: 'varchar', length: 16 },
    state: { type: 'varchar', length: 16 },
    startBlock: BlockNumber({ name: 'start_block', nullable: true }),
    backfilledTo: BlockNumber({ name: 'backfilled_to', nullable: true }),
    blocksPerSecond: { type: 'double', nullable: true, name: 'blocks_per_second' },
    error: { type: 'text', nullable: true },
    addedAt: Timestamp({ name: 'added_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
