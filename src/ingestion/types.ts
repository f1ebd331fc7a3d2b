// What one ingestion step carries from the node to the database: a contiguous range of blocks.
import type { TransferLog } from '../chain';
import type { BlockRow, ChainTransactionRow } from '../db';

export type { TransferLog } from '../chain';
import type { MetadataUpdate } from '../chain';

export type Batch = {
  chainId: number;
  fromBlock: number;
  toBlock: number;
  /** Hash of `toBlock`: the checkpoint moves there. */
  toHash: string;
  /**
   * Headers to store: every block when following the head (reorg detection walks them), and in
   * backfill the headers that were fetched anyway (the range's last block at least).
   */
  blocks: BlockRow[];
  transfers: TransferLog[];
  /**
   * Transactions carrying transfers, with receipts, when following the head. In backfill only those
   * carrying NFT transfers (their native value decides market analytics); history is served from transfers.
   */
  transactions: ChainTransactionRow[];
  /** Whether the range is near the head: events are published only for live batches. */
  live: boolean;
  /** ERC-4906 / ERC-1155 URI events of the range: their tokens get a refresh task in the batch's transaction. */
  metadataUpdates?: MetadataUpdate[];
  /** Logs that did not decode, by reason (counted, never fatal). */
  skipped: Map<string, number>;
};
