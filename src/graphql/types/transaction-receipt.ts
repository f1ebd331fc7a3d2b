// TransactionReceipt: a receipt of a transaction carrying token transfers, pushed when mined, again when final, and flagged on reorg.
import { builder } from '../builder';
import type { ReceiptEvent } from '../../pubsub';
import { TransactionFilterInput } from './transaction-filter-input';

const TXN_TYPES = ['LegacyTxnType', 'AccessListTxnType', 'DynamicFeeTxnType'];

const ReceiptLogRef = builder.objectRef<ReceiptEvent['logs'][number]>('TransactionLog').implement({
  fields: (t) => ({
    contractAddress: t.exposeString('contractAddress'),
    topics: t.exposeStringList('topics'),
    data: t.exposeString('data'),
    index: t.exposeInt('index'),
  }),
});

export const TransactionReceiptRef = builder.objectRef<ReceiptEvent>('TransactionReceipt').implement({
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    txnHash: t.exposeString('txHash'),
    txnStatus: t.exposeString('status'),
    txnIndex: t.exposeInt('txIndex'),
    txnType: t.string({ resolve: (r) => TXN_TYPES[r.txType] ?? `Type${r.txType}` }),
    blockHash: t.exposeString('blockHash'),
    blockNumber: t.exposeInt('blockNumber'),
    gasUsed: t.field({ type: 'BigInt', resolve: (r) => r.gasUsed }),
    effectiveGasPrice: t.field({ type: 'BigInt', resolve: (r) => r.effectiveGasPrice }),
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    logs: t.field({ type: [ReceiptLogRef], resolve: (r) => r.logs }),
    final: t.exposeBoolean('final'),
    reorged: t.exposeBoolean('reorged'),
  }),
});

builder.subscriptionFields((t) => ({
  receipts: t.field({
    type: TransactionReceiptRef,
    args: { chainID: t.arg.string(), filter: t.arg({ type: TransactionFilterInput }) },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.receipts(ctx.credentials, { chainID: args.chainID, filter: args.filter as Record<string, unknown> | null }),
    resolve: (r) => r,
  }),
}));
