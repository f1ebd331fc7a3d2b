// Market transaction events per chain, contract and UTC day: the aggregate the analytics queries read.
import { EntitySchema } from 'typeorm';
import { Address } from '../columns';

export type MarketEventDayRow = {
  chainId: number;
  contract: string;
  /** Days since 1970-01-01, UTC. */
  day: number;
  /** Rows of market_events with this key; a key with none has no row. */
  events: number;
};

export const MarketEventDayEntity = new EntitySchema<MarketEventDayRow>({
  name: 'MarketEventDay',
  tableName: 'market_event_days',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    day: { type: 'integer', primary: true, name: 'utc_day' },
    events: { type: 'integer' },
  },
});
