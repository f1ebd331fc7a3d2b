// EventFilterInput: which token events a subscriber wants (at least contractAddresses or accounts).
import { builder } from '../builder';

export const EventFilterInput = builder.inputType('EventFilterInput', {
  description: 'Which token events a subscriber receives: `contractAddresses` or `accounts` (or both) must be given; every list given must match.',
  fields: (t) => ({
    events: t.stringList({ required: false, description: 'Event signatures, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`.' }),
    contractAddresses: t.stringList({ required: false, description: 'Events of any of these token contracts (0x-prefixed hex, any case), at most 1,000.' }),
    accounts: t.stringList({ required: false, description: 'Events from, to or (ERC-1155 operator, ERC-6909 caller) operated by any of these accounts (any case), at most 1,000.' }),
    tokenIds: t.field({ type: ['BigInt'], required: false, description: 'Events moving any of these token ids; ERC-20 events never match.' }),
  }),
});
