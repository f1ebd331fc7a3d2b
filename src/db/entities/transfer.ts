// One token movement: an ERC-20/721 Transfer, or one (id, amount) item of an ERC-1155 transfer.
import { EntitySchema } from 'typeorm';
import type { TransferKind } from '../../chain/contract-type';
import { BlockNumber, Bytes, Position, SmallPosition, Uint256 } from '../columns';

export type TransferRow = {
  chainId: number;
  blockNumber: number;
  logIndex: number;
  /** Position inside an ERC-1155 TransferBatch; 0 otherwise. */
  batchIndex: number;
  blockHash: string;
  txHash: string;
  txIndex: number;
  contract: string;
  contractType: TransferKind;
  from: string;
  to: string;
  /** '' for ERC-20. */
  tokenId: string;
  amount: string;
  /** Unix seconds of the block. */
  timestamp: number;
};

export const TransferEntity = new EntitySchema<TransferRow>({
  name: 'Transfer',
  tableName: 'token_transfers',
  // SQLite: rows live in the primary key's B-tree; addresses and hashes are raw bytes (migrations/1795810000000-compact-chain-tables.ts).
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    blockNumber: BlockNumber({ primary: true, name: 'block_number' }),
    logIndex: Position({ primary: true, name: 'log_index' }),
    batchIndex: SmallPosition({ primary: true, name: 'batch_index' }),
    blockHash: Bytes({ name: 'block_hash' }),
    txHash: Bytes({ name: 'tx_hash' }),
    txIndex: Position({ name: 'tx_index' }),
    contract: Bytes(),
    contractType: { type: 'varchar', length: 8, name: 'contract_type' },
    from: Bytes({ name: 'from_address' }),
    to: Bytes({ name: 'to_address' }),
    tokenId: Uint256({ name: 'token_id' }),
    amount: Uint256(),
    timestamp: BlockNumber(),
  },
});
