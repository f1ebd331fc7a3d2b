// Plain chain data returned by src/chain: hex strings lower-case, block numbers and indexes as numbers, uint256 as bigint.

/** Lower-case 0x-prefixed hex (addresses, hashes, data). */
export type Hex = string;

/** The zero address: a mint's sender, a burn's receiver, a cleared approval, the native coin's contract. */
export const ZERO_ADDRESS: Hex = `0x${'0'.repeat(40)}`;

/** 'pending' is left out on purpose: an indexer never reads unmined state. */
export type BlockTag = number | 'latest' | 'finalized' | 'safe' | 'earliest';

/** What a new-head notification carries; enough to detect reorgs through the parent-hash chain. */
export type Head = {
  number: number;
  hash: Hex;
  parentHash: Hex;
  timestamp: number;
};

type BlockHeader = Head & {
  miner: Hex;
  gasLimit: bigint;
  gasUsed: bigint;
  /** null before London. */
  baseFeePerGas: bigint | null;
  /** The block's 2048-bit log bloom (bloom.ts); null when the node leaves it out. */
  logsBloom: Hex | null;
};

export type Block = BlockHeader & { transactions: Hex[] };

export type BlockWithTransactions = BlockHeader & { transactions: Transaction[] };

export type Transaction = {
  hash: Hex;
  /** null while pending. */
  blockNumber: number | null;
  blockHash: Hex | null;
  transactionIndex: number | null;
  from: Hex;
  /** null for contract creation. */
  to: Hex | null;
  value: bigint;
  nonce: number;
  gas: bigint;
  gasPrice: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  input: Hex;
  /** EIP-2718 type: 0 legacy, 1 access list, 2 EIP-1559, 3 blob, 4 set-code… */
  type: number;
  chainId: number | null;
};

export type Log = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: number;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
  /** true when the node reports the log as removed by a reorg. */
  removed: boolean;
  /** Unix seconds of the block, when the node includes it (geth, reth, anvil do). */
  blockTimestamp: number | null;
};

export type Receipt = {
  transactionHash: Hex;
  transactionIndex: number;
  blockHash: Hex;
  blockNumber: number;
  from: Hex;
  to: Hex | null;
  contractAddress: Hex | null;
  /** 1 success, 0 failure; null for pre-Byzantium receipts (state root instead of status). */
  status: 0 | 1 | null;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint | null;
  type: number;
  logs: Log[];
};

export type LogFilter = {
  fromBlock: BlockTag;
  toBlock: BlockTag;
  address?: Hex | Hex[];
  /** Per position: one topic, any of several, or null for a wildcard. */
  topics?: (Hex | Hex[] | null)[];
};

export type CallRequest = {
  to: Hex;
  data: Hex;
  from?: Hex;
  /** Gas cap for the call; bounds hostile or looping contracts. */
  gas?: bigint | number;
  value?: bigint;
};
