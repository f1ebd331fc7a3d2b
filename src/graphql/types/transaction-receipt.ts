// TransactionReceipt: a receipt of a transaction carrying token transfers, pushed when mined, again when final, and flagged on reorg.
import { builder } from '../builder';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { ReceiptEvent } from '../../pubsub';
import { TransactionFilterInput } from './transaction-filter-input';
import { CHAIN_ID_ARG } from './token-balance';

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
  description: 'One log of a transaction’s receipt, as the node returned it.',
  fields: (t) => ({
    contractAddress: t.exposeString('contractAddress', { description: 'The emitting contract, lower-case hex.' }),
    topics: t.exposeStringList('topics', { description: 'The indexed topics, topic0 (the event’s hash) first, lower-case hex.' }),
    data: t.exposeString('data', { description: 'The non-indexed data, lower-case hex.' }),
    index: t.exposeInt('index', { description: 'The log’s index in the block.' }),
  }),
});

export const TransactionReceiptRef = builder.objectRef<ReceiptEvent>('TransactionReceipt').implement({
  description: 'The receipt of a transaction that moved tokens, pushed when its block is committed, again when final, and when orphaned.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    txnHash: t.exposeString('txHash', { description: 'The transaction’s hash, lower-case hex.' }),
    txnStatus: t.field({ type: TransactionStatusRef, description: 'Whether it executed or reverted.', resolve: (r) => r.status }),
    txnIndex: t.exposeInt('txIndex', { description: 'The transaction’s position in the block.' }),
    txnType: t.field({ type: TransactionTypeRef, description: 'Its envelope type.', resolve: (r) => TXN_TYPES[r.txType] ?? 'OTHER' }),
    blockHash: t.exposeString('blockHash', { description: 'The block’s hash, lower-case hex.' }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The block holding the transaction.' }),
    gasUsed: t.field({ type: 'BigInt', description: 'Gas the transaction used.', resolve: (r) => r.gasUsed }),
    effectiveGasPrice: t.field({ type: 'BigInt', description: 'The price paid per unit of gas, in wei.', resolve: (r) => r.effectiveGasPrice }),
    from: t.exposeString('from', { description: 'The sender, lower-case hex.' }),
    to: t.exposeString('to', { description: 'The recipient, lower-case hex; empty for a contract creation.' }),
    logs: t.field({ type: [ReceiptLogRef], description: 'Every log of the receipt, token transfers or not, in block order.', resolve: (r) => r.logs }),
    final: t.exposeBoolean('final', {
      description: 'True once the block is final (see `ChainStatus.finalitySource`); the receipt is pushed again when it becomes so.',
    }),
    reorged: t.exposeBoolean('reorged', { description: 'True when the block was orphaned: the transaction is no longer in the chain at this block.' }),
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('receipts', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  receipts: t.field({
    type: TransactionReceiptRef,
    description: 'Receipts of transactions that moved tokens: when their block is committed, again with `final` once final, and with `reorged` when orphaned.',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TransactionFilterInput, description: 'Which receipts to push; all of the chain’s when absent.' }),
      fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }),
      cursor: t.arg.string({ description: RESUME_CURSOR_DOC }),
    },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.receipts(ctx.credentials, { chainId: args.chainId, filter: args.filter as Record<string, unknown> | null, fromBlock: args.fromBlock, cursor: args.cursor }),
    resolve: (r) => r,
  }),
}));
