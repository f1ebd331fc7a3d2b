// What a rollback needs to undo the chain-derived writes of recent blocks (ingestion/chain-writer.ts writes and replays it).
import { EntitySchema } from 'typeorm';
import { BlockNumber, JsonText } from '../columns';

export type ChainUndoRow = {
  /** Write order: a rollback replays entries newest first. */
  id?: number;
  chainId: number;
  blockNumber: number;
  /** The TypeORM entity name of the table written. */
  entity: string;
  /**
   * `block`: the table received rows of this block (they carry chain_id and block_number), undone by block number.
   * `row`: one keyed row was written as of this block; `before` is how it stood at the block's start.
   */
  kind: 'block' | 'row';
  /** `row`: the row's key (JSON of its key properties). */
  key: string | null;
  /** `row`: the row before the write (JSON), null when there was none. `block`: columns to set instead of deleting (JSON), or null. */
  before: string | null;
};

export const ChainUndoEntity = new EntitySchema<ChainUndoRow>({
  name: 'ChainUndo',
  tableName: 'chain_undo_log',
  columns: {
    // 64 bits: the log is pruned as blocks deepen, but its ids keep growing with the chain.
    id: BlockNumber({ primary: true, generated: 'increment' }),
    chainId: { type: 'integer', name: 'chain_id' },
    blockNumber: BlockNumber({ name: 'block_number' }),
    entity: { type: 'varchar', length: 64 },
    kind: { type: 'varchar', length: 8 },
    key: JsonText({ name: 'row_key' }),
    before: JsonText({ name: 'before_image' }),
  },
  indices: [{ name: 'idx_chain_undo_block', columns: ['chainId', 'blockNumber'] }],
});
