// ERC-721 / ERC-1155 ApprovalForAll: whether `operator` may move all of `owner`'s tokens of a contract.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes } from '../columns';

export type OperatorApprovalRow = {
  chainId: number;
  contract: string;
  owner: string;
  operator: string;
  approved: boolean;
  changeBlock: number;
};

export const OperatorApprovalEntity = new EntitySchema<OperatorApprovalRow>({
  name: 'OperatorApproval',
  tableName: 'operator_approvals',
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Bytes({ primary: true }),
    owner: Bytes({ primary: true }),
    operator: Bytes({ primary: true }),
    approved: { type: 'boolean' },
    changeBlock: BlockNumber({ name: 'change_block' }),
  },
  indices: [{ name: 'idx_operator_approvals_owner', columns: ['chainId', 'owner'] }],
});
