// TransactionFilterInput: which receipts a subscriber wants.
import { builder } from '../builder';

export const TransactionFilterInput = builder.inputType('TransactionFilterInput', {
  description: 'Which receipts a subscriber receives; every field given must match. Addresses and hashes are 0x-prefixed hex in any case.',
  fields: (t) => ({
    txnHash: t.string({ required: false, description: 'Only this transaction (32-byte hash).' }),
    from: t.string({ required: false, description: 'Only transactions sent by this address.' }),
    to: t.string({ required: false, description: 'Only transactions sent to this address.' }),
    contractAddress: t.string({ required: false, description: 'Only transactions sent to this contract or carrying a log it emitted.' }),
    event: t.string({ required: false, description: 'An event signature one of the receipt’s logs must carry.' }),
  }),
});
