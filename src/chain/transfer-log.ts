// One decoded token log (or a transaction's native value, native-transfers.ts) with its block context: what ingestion reads from the node, writes, and publishes.
import type { TransferKind } from './contract-type';

export type TransferLog = {
  /** The raw log, for publishing decoded events: empty in backfill batches, which publish nothing. */
  topics: string[];
  data: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
  txHash: string;
  txIndex: number;
  contract: string;
  kind: TransferKind;
  from: string;
  to: string;
  operator: string | null;
  tokenIds: bigint[];
  amounts: bigint[];
};
