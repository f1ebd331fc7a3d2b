// What one ingestion step carries from the node to the database: a contiguous range of blocks.
import type { TransferLog } from '../chain';
import type { BalanceRow, BlockRow, ChainTransactionRow, TransferRow } from '../db';

export type { TransferLog } from '../chain';
import type { ApprovalLog, MetadataUpdate } from '../chain';

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
  /** Approval / ApprovalForAll logs of the range, in chain order (absent: the chain does not index approvals). */
  approvals?: ApprovalLog[];
  /**
   * ERC-20 allowances read from the contracts (ingestion/allowance-refresh.ts) at the blocks where their owners' tokens
   * moved: the batch's write takes them over what the events alone say.
   */
  allowanceReads?: AllowanceRead[];
  /** Logs that did not decode, by reason (counted, never fatal). */
  skipped: Map<string, number>;
};

/** One allowance as the contract answered at the end of `block`, a block of the batch where the owner's tokens moved. */
export type AllowanceRead = { contract: string; owner: string; spender: string; block: number; amount: bigint };

/** What a rollback undid, as subscribers and webhook listeners are told it (reorg.ts makes it). */
export type RollbackResult = {
  removedTransfers: TransferRow[];
  reorgedTransactions: ChainTransactionRow[];
  /** Balances as restored (balance '0' when the account had none before the orphaned blocks). */
  restored: BalanceRow[];
  /** The rollback's number in the chain's event sequence, and where it left the chain: its corrections carry both. */
  seq: number;
  ancestorHash: string;
  finalizedBlock: number;
};

