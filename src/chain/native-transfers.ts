// Native coin transfers: a successful transaction's non-zero `value`, as a transfer of contract type NATIVE from the
// block body and the receipts of its value transactions (their status, and the address a creation deployed).
import type { TransferLog } from './transfer-log';
import { ZERO_ADDRESS, type BlockWithTransactions, type Receipt, type Transaction } from './types';

/** The contract a native transfer names: the zero address (token id 0, amount in wei). */
export const NATIVE_CONTRACT = ZERO_ADDRESS;

/**
 * A native transfer's position among its block's transfers, stored in the log-index column so that it keeps the
 * (block, position) key every transfer has: 2^31 − 2^20 plus its transaction index. Past any log index a real block
 * holds (a log costs at least 375 gas: a 60M-gas block holds under 160,000), and below 2^31 with room for 2^20
 * transactions, so GraphQL's Int and every client's number carry it. A native transfer sorts after its block's token
 * transfers.
 */
export const NATIVE_LOG_INDEX_BASE = 2 ** 31 - 2 ** 20;

export const isNativePosition = (logIndex: number) => logIndex >= NATIVE_LOG_INDEX_BASE;

/** The block's transactions that carry value: the ones whose receipts say whether they moved it. */
export const valueTransactions = (block: BlockWithTransactions): Transaction[] => block.transactions.filter((tx) => tx.value > 0n);

/**
 * The native transfers of one block, in transaction order. `receiptOf` answers for every value transaction (the
 * caller fetched them); a failed one moved nothing. A pre-Byzantium receipt has no status: its value moved unless
 * the transaction ran out of gas, which such a receipt cannot tell, so it counts as moved.
 */
export const nativeTransfersOf = (block: BlockWithTransactions, receiptOf: (hash: string) => Receipt | undefined): TransferLog[] => {
  const out: TransferLog[] = [];
  for (const tx of valueTransactions(block)) {
    const receipt = receiptOf(tx.hash);
    if (!receipt) throw new Error(`no receipt for value transaction ${tx.hash} of block ${block.number}`);
    if (receipt.status === 0) continue;
    const to = tx.to ?? receipt.contractAddress;
    if (!to) continue;
    const txIndex = tx.transactionIndex ?? receipt.transactionIndex;
    out.push({
      topics: [],
      data: '0x',
      logIndex: NATIVE_LOG_INDEX_BASE + txIndex,
      blockNumber: block.number,
      blockHash: block.hash,
      timestamp: block.timestamp,
      txHash: tx.hash,
      txIndex,
      contract: NATIVE_CONTRACT,
      kind: 'NATIVE',
      from: tx.from,
      to,
      operator: null,
      tokenIds: [0n],
      amounts: [tx.value],
    });
  }
  return out;
};
