// The `multiChainTransactionHistory` query: token transactions on several chains at once (X-Access-Key).
import { builder } from '../builder';
import { TransactionRef } from './transaction';
import { MetadataOptionsInput } from './token-balance-input';
import { TransactionHistoryFilterInput, historyFilterOfArgs } from './transaction-history-filter-input';
import { multiChainPageType } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

const MultiChainTransactionHistoryRef = multiChainPageType(TransactionRef, 'TransactionHistory', 'transactions');

builder.queryFields((t) => ({
  multiChainTransactionHistory: t.field({
    nullable: true,
    type: MultiChainTransactionHistoryRef,
    description:
      'transactionHistory on every selected chain (each newest first), read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      filter: t.arg({ type: TransactionHistoryFilterInput, required: true, description: 'Which transactions to list.' }),
      metadataOptions: t.arg({ type: MetadataOptionsInput, description: 'Which contracts’ transfers count (and are listed).' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.transactionHistory(ctx.credentials, { ...args, filter: historyFilterOfArgs(args.filter), page: pageOfArgs({ first, after }) }),
  }),
}));
