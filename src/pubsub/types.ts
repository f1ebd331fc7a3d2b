// The events ingestion publishes after each commit, by topic.

/** A balance after a block changed it (also sent with the restored value on reorg). */
export type BalanceEvent = {
  chainId: number;
  contract: string;
  contractType: 'ERC20' | 'ERC721' | 'ERC1155';
  account: string;
  tokenId: string;
  balance: string;
  delta: string;
  blockNumber: number;
  blockHash: string;
  /** True when this restores a balance after its block was orphaned. */
  reorged: boolean;
};

/** A decoded token log, added with its block or removed when the block is orphaned. */
export type LogEvent = {
  chainId: number;
  type: 'BLOCK_ADDED' | 'BLOCK_REMOVED';
  blockNumber: number;
  blockHash: string;
  parentBlockHash: string;
  contract: string;
  contractType: 'UNKNOWN' | 'ERC20' | 'ERC721' | 'ERC1155';
  txHash: string;
  txIndex: number;
  logIndex: number;
  timestamp: number;
  txn: { from: string; to: string; value: string };
  topics: string[];
  data: string;
  event: { topicHash: string; eventSig: string; types: string[]; names: string[]; values: string[] };
  /** Accounts and token ids the log touches, for filtering. */
  accounts: string[];
  tokenIds: string[];
};

export type ReceiptEvent = {
  chainId: number;
  txHash: string;
  status: 'SUCCESSFUL' | 'FAILED';
  txIndex: number;
  txType: number;
  blockHash: string;
  blockNumber: number;
  gasUsed: string;
  effectiveGasPrice: string;
  from: string;
  to: string;
  logs: Array<{ contractAddress: string; topics: string[]; data: string; index: number }>;
  final: boolean;
  reorged: boolean;
};

/**
 * Blocks that ingestion committed without publishing their events: it caught up on more blocks than it replays
 * to subscribers (an outage longer than the catch-up window). Published in order with the other topics.
 */
export type GapNotice = { chainId: number; fromBlock: number; toBlock: number };

export type Topics = {
  balances: BalanceEvent;
  logs: LogEvent;
  receipts: ReceiptEvent;
  gaps: GapNotice;
};

export type TopicName = keyof Topics;
