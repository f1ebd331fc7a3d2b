// TransactionHistoryFilterInput: which transactions an account's history lists.
import { builder } from '../builder';

export const TransactionHistoryFilterInput = builder.inputType('TransactionHistoryFilterInput', {
  description: 'At least one account, contract or transaction hash. Every given field must match.',
  fields: (t) => ({
    accountAddress: t.string({ required: false }),
    accountAddresses: t.stringList({ required: false, description: 'Transactions moving tokens from or to any of them (at most 100).' }),
    contractAddress: t.string({ required: false }),
    contractAddresses: t.stringList({ required: false, description: 'Transfers of any of these contracts.' }),
    transactionHashes: t.stringList({ required: false, description: 'At most 100.' }),
    metaTransactionIDs: t.stringList({ required: false, description: 'Strata records no meta-transactions: a non-empty list matches nothing.' }),
    fromBlock: t.field({ type: 'BigInt', required: false, description: 'Inclusive.' }),
    toBlock: t.field({ type: 'BigInt', required: false, description: 'Inclusive; 0 means no upper bound.' }),
    tokenID: t.field({ type: 'BigInt', required: false, description: '0 also matches ERC-20 transfers.' }),
  }),
});
