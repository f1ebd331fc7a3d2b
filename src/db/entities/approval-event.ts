// One Approval / ApprovalForAll log, kept for an owner's approval history.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Bytes, Position, Uint256 } from '../columns';

/** As decoded (chain/decode-approvals.ts): ERC20 allowance, ERC721 one token, ALL an operator. */
export type ApprovalEventKind = 'ERC20' | 'ERC721' | 'ALL';

export type ApprovalEventRow = {
  chainId: number;
  blockNumber: number;
  logIndex: number;
  blockHash: string;
  txHash: string;
  contract: string;
  kind: ApprovalEventKind;
  owner: string;
  /** The spender, approved address or operator. */
  spender: string;
  /** ERC20: the amount; ERC721: the token id; ALL: 1 approved, 0 revoked. */
  value: string;
  /** Unix seconds of the block. */
  timestamp: number;
};

export const ApprovalEventEntity = new EntitySchema<ApprovalEventRow>({
  name: 'ApprovalEvent',
  tableName: 'approval_events',
  withoutRowid: true,
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    blockNumber: BlockNumber({ primary: true, name: 'block_number' }),
    logIndex: Position({ primary: true, name: 'log_index' }),
    blockHash: Bytes({ name: 'block_hash' }),
    txHash: Bytes({ name: 'tx_hash' }),
    contract: Bytes(),
    kind: { type: 'varchar', length: 8 },
    owner: Bytes(),
    spender: Bytes(),
    value: Uint256(),
    timestamp: BlockNumber(),
  },
  indices: [{ name: 'idx_approval_events_owner', columns: ['chainId', 'owner', 'blockNumber', 'logIndex'] }],
});
