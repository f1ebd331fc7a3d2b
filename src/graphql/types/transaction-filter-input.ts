// TransactionFilterInput: which receipts a subscriber wants.
import { builder } from '../builder';

export const TransactionFilterInput = builder.inputType('TransactionFilterInput', {
  fields: (t) => ({
    txnHash: t.string({ required: false }),
    from: t.string({ required: false }),
    to: t.string({ required: false }),
    contractAddress: t.string({ required: false }),
    event: t.string({ required: false, description: 'An event signature one of the receipt’s logs must carry.' }),
  }),
});
