// TransactionReceipt: a receipt of a transaction carrying token transfers, pushed when mined, again when final, and flagged on reorg.
import { builder } from '../builder';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
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
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('receipts', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  receipts: t.field({
    type: TransactionReceiptRef,
    args: { chainID: t.arg.string(), filter: t.arg({ type: TransactionFilterInput }), fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }), cursor: t.arg.string({ description: RESUME_CURSOR_DOC }) },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.receipts(ctx.credentials, { chainID: args.chainID, filter: args.filter as Record<string, unknown> | null, fromBlock: args.fromBlock, cursor: args.cursor }),
    resolve: (r) => r,
  }),
}));
