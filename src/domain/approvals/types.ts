// What the approvals reads answer: an owner's current approvals and its approval events.

/** ALLOWANCE: an ERC-20 amount; TOKEN: one ERC-721 token; OPERATOR: every token of the owner (ApprovalForAll). */
export type ApprovalKind = 'ALLOWANCE' | 'TOKEN' | 'OPERATOR';

export type Approval = {
  chainId: number;
  contractAddress: string;
  /** ERC20, ERC721 or ERC1155: the contract's type as indexed (an operator of an unknown contract: ERC721). */
  standard: 'ERC20' | 'ERC721' | 'ERC1155';
  kind: ApprovalKind;
  ownerAddress: string;
  /** The spender, the approved address or the operator. */
  spenderAddress: string;
  /** ERC-20 only: the allowance, a decimal uint256. */
  amount: string | null;
  /** TOKEN only. */
  tokenId: string | null;
  /** OPERATOR: approved for all the owner's tokens of the contract. */
  approvedForAll: boolean;
  /** An allowance of at least 2^255: for every practical purpose unlimited (most wallets approve 2^256 − 1). */
  unlimited: boolean;
  /** The block of the last Approval / ApprovalForAll (or of a change no event announced). */
  lastChangeBlock: number;
  /** ERC-20: the block where spending (a transferFrom) last lowered it; null if never seen. */
  lastSpendBlock: number | null;
};

export type ApprovalEvent = {
  chainId: number;
  contractAddress: string;
  /** ERC20: Approval of an amount; ERC721: Approval of one token; ALL: ApprovalForAll. */
  eventKind: 'ERC20' | 'ERC721' | 'ALL';
  ownerAddress: string;
  spenderAddress: string;
  /** ERC20: the amount; ERC721: null; ALL: null. */
  amount: string | null;
  tokenId: string | null;
  /** ALL: approved (true) or revoked; null otherwise. */
  approved: boolean | null;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  txHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
};

/**
 * One approval as a block of a committed batch left it (ingestion/approvals.ts): what webhook listeners of kind
 * `approvals` receive. An Approval, an ApprovalForAll, a spend that lowered an allowance without an event, or a
 * transfer that cleared a token's approval.
 */
export type ApprovalChange = {
  chainId: number;
  blockNumber: number;
  blockHash: string;
  contract: string;
  kind: ApprovalKind;
  owner: string;
  /** The spender, approved address (the zero address once cleared) or operator. */
  spender: string;
  /** ALLOWANCE: the amount after the block; null otherwise. */
  amount: string | null;
  /** TOKEN: the token; null otherwise. */
  tokenId: string | null;
  /** Whether an approval stands after the block (an allowance above zero, a token approved, an operator). */
  approved: boolean;
};
