// EventFilterInput: which token events a subscriber wants (at least contractAddresses or accounts).
import { builder } from '../builder';

export const EventFilterInput = builder.inputType('EventFilterInput', {
  fields: (t) => ({
    events: t.stringList({ required: false, description: 'Event signatures, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`.' }),
    contractAddresses: t.stringList({ required: false }),
    accounts: t.stringList({ required: false }),
    tokenIds: t.field({ type: ['BigInt'], required: false }),
  }),
});
