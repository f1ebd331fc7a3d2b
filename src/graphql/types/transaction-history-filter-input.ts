// TransactionHistoryFilterInput: which transactions an account's history lists.
import { builder } from '../builder';

type HistoryFilterArgs = { toBlock?: number | null };

/**
 * The filter as the domain takes it. GraphQL documents `toBlock: 0` as "no upper bound" (its description below), so
 * that reading stays here, at GraphQL's boundary; the domain reads 0 as block 0, and the RPC settles its published
 * clients' zero value in rpc/wire/indexer.ts.
 */
export const historyFilterOfArgs = <F extends HistoryFilterArgs>(f: F): F => (f.toBlock === 0 ? { ...f, toBlock: null } : f);

export const TransactionHistoryFilterInput = builder.inputType('TransactionHistoryFilterInput', {
  description: 'At least one account, contract or transaction hash. Every given field must match.',
  fields: (t) => ({
    accountAddress: t.string({ required: false, description: 'Transactions moving tokens from or to this account: 0x hex, or an ENS name (resolved on ENS_CHAIN).' }),
    accountAddresses: t.stringList({ required: false, description: 'Transactions moving tokens from or to any of them (at most 100; ENS names among them, at most 20).' }),
    contractAddress: t.string({ required: false, description: 'Transfers of this contract.' }),
    contractAddresses: t.stringList({ required: false, description: 'Transfers of any of these contracts.' }),
    transactionHashes: t.stringList({ required: false, description: 'These transactions only, at most 100.' }),
    metaTransactionIds: t.stringList({ required: false, description: 'Strata records no meta-transactions: a non-empty list matches nothing.' }),
    fromBlock: t.int({ required: false, description: 'First block, inclusive.' }),
    toBlock: t.int({ required: false, description: 'Last block, inclusive; 0 means no upper bound.' }),
    tokenId: t.field({ type: 'BigInt', required: false, description: '0 also matches ERC-20 transfers.' }),
  }),
});
