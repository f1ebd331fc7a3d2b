// The address approved for one ERC-721 token, as its last Approval set it; a transfer of the token clears it (the
// standard says so, with no event).
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Uint256 } from '../columns';

export type TokenApprovalRow = {
  chainId: number;
  contract: string;
  tokenId: string;
  /** The owner that approved (the token's owner then). */
  owner: string;
  /** The zero address once cleared. */
  approved: string;
  changeBlock: number;
};

export const TokenApprovalEntity = new EntitySchema<TokenApprovalRow>({
  name: 'TokenApproval',
  tableName: 'token_approvals',
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Bytes({ primary: true }),
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    owner: Bytes(),
    approved: Bytes(),
    changeBlock: BlockNumber({ name: 'change_block' }),
  },
  indices: [{ name: 'idx_token_approvals_owner', columns: ['chainId', 'owner'] }],
});
