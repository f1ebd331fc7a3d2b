// transactionReceipt: one receipt by transaction hash or filter, optionally waiting a bounded time for it (X-Access-Key).
// The TransactionReceipt type is the one the receipts subscription pushes (transaction-receipt.ts).
import { builder } from '../builder';
import { RECEIPT_WAIT_MAX_MS } from '../../domain/indexer/receipts-fetch';
import { TransactionFilterInput } from './transaction-filter-input';
import { TransactionReceiptRef } from './transaction-receipt';
import { CHAIN_ID_ARG } from './token-balance';

const WAIT_S = RECEIPT_WAIT_MAX_MS / 1000;

builder.queryFields((t) => ({
  transactionReceipt: t.field({
    type: TransactionReceiptRef,
    nullable: true,
    description:
      `With filter.txnHash: that transaction’s receipt, read from the node (any transaction, token transfers or not); null when it is not mined and \`wait\` is false. Without a hash (and with \`wait\`): the next receipt ingestion publishes that matches the filter (transactions that moved tokens). A wait ends with TIMEOUT after ${WAIT_S} s, or once the chain’s head moved \`maxBlockWait\` blocks, and at once when its client goes away; waits for one transaction share one node poll, and an access key holds at most KEY_RECEIPT_WAITS waits at once on a server (RESOURCE_EXHAUSTED beyond) (X-Access-Key).`,
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TransactionFilterInput, required: true, description: 'The transaction hash, or what the receipt must match (all given fields).' }),
      wait: t.arg.boolean({ description: `Wait for the receipt to be mined, up to ${WAIT_S} s; false when absent.` }),
      maxBlockWait: t.arg.int({ description: 'While waiting, give up once this many new blocks were mined without it; no block bound when absent or 0.' }),
    },
    resolve: (_, args, ctx) =>
      ctx.services.indexerExtras.transactionReceipt(ctx.credentials, {
        chainId: args.chainId,
        filter: args.filter as Record<string, string | null | undefined>,
        wait: args.wait,
        maxBlockWait: args.maxBlockWait,
        signal: ctx.signal?.(),
      }),
  }),
}));
