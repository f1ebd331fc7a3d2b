// Transactions (with their receipts) that carry indexed transfers; orphaned ones stay, marked `reorged`.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Position, Uint256 } from '../columns';

export type ChainTransactionRow = {
  chainId: number;
  txHash: string;
  blockHash: string;
  blockNumber: number;
  txIndex: number;
  from: string;
  to: string | null;
  /** Native value sent, wei. */
  value: string;
  /** 1 success, 0 failed. */
  status: number;
  gasUsed: string;
  effectiveGasPrice: string;
  txType: number;
  /** Unix seconds of the block. */
  timestamp: number;
  reorged: boolean;
  /** Receipt logs as JSON, for transactions ingested near the head; null for backfilled ones. */
  logsJson: string | null;
};

export const ChainTransactionEntity = new EntitySchema<ChainTransactionRow>({
  name: 'ChainTransaction',
  tableName: 'token_transactions',
  // Hashes and addresses are raw bytes (migrations/1795810000000-compact-chain-tables.ts). A rowid table on SQLite, unlike
  // the other chain tables: rows ingested near the head carry their receipt's logs (kilobytes; see the migration).
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    txHash: Bytes({ primary: true, name: 'tx_hash' }),
    blockHash: Bytes({ primary: true, name: 'block_hash' }),
    blockNumber: BlockNumber({ name: 'block_number' }),
    txIndex: Position({ name: 'tx_index' }),
    from: Bytes({ name: 'from_address' }),
    to: Bytes({ nullable: true, name: 'to_address' }),
    value: Uint256(),
    status: { type: 'integer' },
    gasUsed: Uint256({ name: 'gas_used' }),
    effectiveGasPrice: Uint256({ name: 'effective_gas_price' }),
    txType: { type: 'integer', name: 'tx_type' },
    timestamp: BlockNumber(),
    reorged: { type: 'boolean', default: false },
    // LONGTEXT on MySQL (migration 1764360000000): a transaction's logs can exceed TEXT's 64 KB.
    logsJson: { type: 'text', nullable: true, name: 'logs_json' },
  },
});
