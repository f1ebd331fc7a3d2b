// Current balance per (chain, contract, account, token id), maintained from transfers.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Int256, Uint256 } from '../columns';

export type BalanceRow = {
  chainId: number;
  contract: string;
  account: string;
  /** '' for ERC-20. */
  tokenId: string;
  /** Signed: negative only when history before the chain's startBlock is missing. */
  balance: string;
  blockNumber: number;
  blockHash: string;
};

export const BalanceEntity = new EntitySchema<BalanceRow>({
  name: 'Balance',
  tableName: 'token_balances',
  // SQLite: rows live in the primary key's B-tree; addresses and hashes are raw bytes (migrations/1795810000000-compact-chain-tables.ts).
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Bytes({ primary: true }),
    account: Bytes({ primary: true }),
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    balance: Int256(),
    blockNumber: BlockNumber({ name: 'block_number' }),
    blockHash: Bytes({ name: 'block_hash' }),
  },
});
