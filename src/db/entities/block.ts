// Blocks ingestion has seen: the parent-hash chain that reorg detection walks.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Hash } from '../columns';

export type BlockRow = { chainId: number; number: number; hash: string; parentHash: string; timestamp: number };

export const BlockEntity = new EntitySchema<BlockRow>({
  name: 'Block',
  tableName: 'blocks',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    number: BlockNumber({ primary: true }),
    hash: Hash(),
    parentHash: Hash({ name: 'parent_hash' }),
    /** Unix seconds. */
    timestamp: BlockNumber(),
  },
});
