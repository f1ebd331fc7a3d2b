// One market transaction event (a sale, see src/domain/analytics/definition.ts), keyed like the transfer it came from.
import { EntitySchema } from 'typeorm';
import { Address, BlockNumber, Position, SmallPosition, Uint256 } from '../columns';

export type MarketEventRow = {
  chainId: number;
  blockNumber: number;
  logIndex: number;
  batchIndex: number;
  /** The ERC-721/1155 contract. */
  contract: string;
  tokenId: string;
  /** UTC day of the block: days since 1970-01-01. */
  day: number;
};

export const MarketEventEntity = new EntitySchema<MarketEventRow>({
  name: 'MarketEvent',
  tableName: 'market_events',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    blockNumber: BlockNumber({ primary: true, name: 'block_number' }),
    logIndex: Position({ primary: true, name: 'log_index' }),
    batchIndex: SmallPosition({ primary: true, name: 'batch_index' }),
    contract: Address(),
    tokenId: Uint256({ name: 'token_id' }),
    day: { type: 'integer', name: 'utc_day' },
  },
  indices: [
    { name: 'idx_market_events_day', columns: ['chainId', 'contract', 'day'] },
    { name: 'idx_market_events_token', columns: ['chainId', 'contract', 'tokenId', 'day'] },
  ],
});
