// Transaction: a transaction that moved tokens, with its transfers; the `transactionHistory` query (X-Access-Key).
import { builder } from '../builder';
import type { Transaction } from '../../domain/indexer/types';
import { CHAIN_ID_ARG } from './token-balance';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { MetadataOptionsInput } from './token-balance-input';
import { TransactionHistoryFilterInput, historyFilterOfArgs } from './transaction-history-filter-input';
import { TransferRef } from './transfer';
import { withNamedAccounts } from './ens-name';

export const TransactionRef = builder.objectRef<Transaction>('Transaction').implement({
  description: 'A transaction that moved tokens, with its transfers.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    txnHash: t.exposeString('txnHash', { description: 'The transaction’s hash, lower-case hex.' }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The block holding it.' }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex.' }),
    timestamp: t.field({ type: 'Timestamp', description: 'The block’s time.', resolve: (x) => x.timestamp }),
    transfers: t.field({
      type: [TransferRef],
      description: 'The transfers that move tokens from or to the accounts asked about (every transfer when none was).',
      resolve: (x) => x.transfers,
    }),
  }),
});

export const TransactionConnectionRef = connectionType(TransactionRef, 'Transaction', {
  description: 'A page of transactions, newest first.',
  count: 'Distinct transactions matching the filter, on every page.',
});

builder.queryFields((t) => ({
  transactionHistory: t.field({
    nullable: true,
    type: TransactionConnectionRef,
    description:
      'Transactions that moved tokens matching the filter, newest first (block, then position in the block); 10 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TransactionHistoryFilterInput, required: true, description: 'Which transactions to list.' }),
      metadataOptions: t.arg({ type: MetadataOptionsInput, description: 'Which contracts’ transfers count (and are listed).' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.indexer.transactionHistory(ctx.credentials, {
          ...args,
          filter: historyFilterOfArgs(await withNamedAccounts(ctx, 'filter', args.filter)),
          page: pageOfArgs(args),
        }),
      ),
  }),
}));
