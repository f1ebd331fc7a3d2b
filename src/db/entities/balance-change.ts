// A balance's change within one block (what GetBalanceUpdates reads): the net delta and the balance after it.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Int256, Uint256 } from '../columns';

export type BalanceChangeRow = {
  chainId: number;
  contract: string;
  blockNumber: number;
  account: string;
  tokenId: string;
  blockHash: string;
  delta: string;
  balance: string;
};

export const BalanceChangeEntity = new EntitySchema<BalanceChangeRow>({
  name: 'BalanceChange',
  tableName: 'token_balance_changes',
  // SQLite: rows live in the primary key's B-tree; addresses and hashes are raw bytes (migrations/1795810000000-compact-chain-tables.ts).
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Bytes({ primary: true }),
    blockNumber: BlockNumber({ primary: true, name: 'block_number' }),
    account: Bytes({ primary: true }),
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    blockHash: Bytes({ name: 'block_hash' }),
    delta: Int256(),
    balance: Int256(),
  },
});
