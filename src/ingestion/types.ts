// What one ingestion step carries from the node to the database: a contiguous range of blocks.
import type { BlockRow, ChainTransactionRow, TransferRow } from '../db';

export type TransferLog = {
  /** The raw log, for publishing decoded events. */
  topics: string[];
  data: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  txIndex: number;
  contract: string;
  kind: TransferRow['contractType'];
  from: string;
  to: string;
  operator: string | null;
  tokenIds: bigint[];
  amounts: bigint[];
};

export type Batch = {
  chainId: number;
  fromBlock: number;
  toBlock: number;
  /** Hash of `toBlock`: the checkpoint moves there. */
  toHash: string;
  /** Headers to store: blocks with transfers, plus every block when following the head (reorg detection). */
  blocks: BlockRow[];
  transfers: TransferLog[];
  transactions: ChainTransactionRow[];
  /** Whether the range is near the head: events are published only for live batches. */
  live: boolean;
  /** Logs that did not decode, by reason (counted, never fatal). */
  skipped: Map<string, number>;
};
