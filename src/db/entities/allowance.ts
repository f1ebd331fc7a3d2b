// Current ERC-20 allowance per (chain, contract, owner, spender): set by Approval events, corrected by re-reading
// allowance() when the owner's tokens moved (ingestion/allowances.ts).
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Uint256 } from '../columns';

export type AllowanceRow = {
  chainId: number;
  contract: string;
  owner: string;
  spender: string;
  /** uint256 as a decimal string; '0' once revoked or spent (the row stays: its blocks are still news). */
  amount: string;
  /** Block of the last Approval event. */
  changeBlock: number;
  /** Block where spending last lowered it without an event (a transferFrom), null if never seen. */
  spendBlock: number | null;
};

export const AllowanceEntity = new EntitySchema<AllowanceRow>({
  name: 'Allowance',
  tableName: 'token_allowances',
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Bytes({ primary: true }),
    owner: Bytes({ primary: true }),
    spender: Bytes({ primary: true }),
    amount: Uint256(),
    changeBlock: BlockNumber({ name: 'change_block' }),
    spendBlock: BlockNumber({ name: 'spend_block', nullable: true }),
  },
  indices: [{ name: 'idx_allowances_owner', columns: ['chainId', 'owner'] }],
});
