// TransactionReceipt: a receipt of a transaction carrying token transfers, pushed when mined, again when final, and flagged on reorg.
import { builder } from '../builder';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { ReceiptEvent } from '../../pubsub';
import { TransactionFilterInput } from './transaction-filter-input';

const TransactionStatusRef = builder.enumType('TransactionStatus', {
  description: 'How a transaction ended.',
  values: {
    SUCCESSFUL: { description: 'It executed (receipt status 1).' },
    FAILED: { description: 'It reverted (receipt status 0); its logs were discarded.' },
  } as const,
});

/** EIP-2718 envelope types by number; any later type reads OTHER. */
const TXN_TYPES = ['LEGACY', 'ACCESS_LIST', 'DYNAMIC_FEE', 'BLOB', 'SET_CODE'] as const;
const TransactionTypeRef = builder.enumType('TransactionType', {
  description: 'The transaction’s envelope (EIP-2718 type).',
  values: {
    LEGACY: { description: 'Type 0: legacy gas price.' },
    ACCESS_LIST: { description: 'Type 1: EIP-2930 access list.' },
    DYNAMIC_FEE: { description: 'Type 2: EIP-1559 fees.' },
    BLOB: { description: 'Type 3: EIP-4844 blob carrying.' },
    SET_CODE: { description: 'Type 4: EIP-7702 code delegation.' },
    OTHER: { description: 'A type this version of Strata does not name.' },
  } as const,
});

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
    txnStatus: t.field({ type: TransactionStatusRef, description: 'Whether it executed or reverted.', resolve: (r) => r.status }),
    txnIndex: t.exposeInt('txIndex'),
    txnType: t.field({ type: TransactionTypeRef, description: 'Its envelope type.', resolve: (r) => TXN_TYPES[r.txType] ?? 'OTHER' }),
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
    args: { chainId: t.arg.string(), filter: t.arg({ type: TransactionFilterInput }), fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }), cursor: t.arg.string({ description: RESUME_CURSOR_DOC }) },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.receipts(ctx.credentials, { chainId: args.chainId, filter: args.filter as Record<string, unknown> | null, fromBlock: args.fromBlock, cursor: args.cursor }),
    resolve: (r) => r,
  }),
}));
