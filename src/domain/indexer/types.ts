// Plain shapes of what the Indexer reads back from ingested chain data, as the rest of Strata sees them.
import type { WatchedContractProgress } from './sources';

export type { ContractType } from '../../chain';
import type { ContractType } from '../../chain';

/** One balance (or, when `isSummary`, all of an account's tokens of one ERC-721/1155 contract). */
export type TokenBalance = {
  chainId: number;
  contractType: ContractType;
  /** Lower-case. */
  contractAddress: string;
  accountAddress: string;
  /** Canonical decimal; null for ERC-20 balances and for summary rows. */
  tokenId: string | null;
  /** Decimal, above zero. For a summary row: the sum over the contract's tokens. */
  balance: string;
  /** The block of the last change (for a summary row: of the most recent change among its tokens). */
  blockNumber: number;
  blockHash: string;
  /** How many token ids a summary row stands for; '0' on ordinary rows. */
  uniqueCollectibles: string;
  isSummary: boolean;
};

/** A balance as one block left it (GetBalanceUpdates). */
export type BalanceUpdate = {
  chainId: number;
  contractType: ContractType;
  contractAddress: string;
  accountAddress: string;
  /** Canonical decimal; null for ERC-20. */
  tokenId: string | null;
  /** The account's balance after this block (signed; negative only when history before the chain's start block is missing). */
  balance: string;
  /** The signed net change within this block. */
  delta: string;
  blockNumber: number;
  blockHash: string;
};

export type TransferType = 'SEND' | 'RECEIVE' | 'UNKNOWN';

/** One token transfer log: an ERC-20/721 Transfer, or an ERC-1155 TransferSingle/TransferBatch with its items. */
export type Transfer = {
  chainId: number;
  transferType: TransferType;
  contractAddress: string;
  contractType: ContractType;
  from: string;
  to: string;
  /** Parallel to `amounts`; null entries for ERC-20 (no token id). */
  tokenIds: Array<string | null>;
  amounts: string[];
  logIndex: number;
  /** NATIVE only: moved by a contract call inside the transaction (from its traces), not by the transaction itself. */
  internal: boolean;
};

export type Transaction = {
  chainId: number;
  txnHash: string;
  blockNumber: number;
  blockHash: string;
  timestamp: Date;
  transfers: Transfer[];
};

export type NativeBalance = {
  chainId: number;
  accountAddress: string;
  /** Wei, decimal; '0' when the node could not be read (see errorReason). */
  balance: string;
  errorReason: string | null;
};

export type ChainStatus = {
  chainId: number;
  name: string | null;
  /** Last block whose rows are all committed; null before ingestion first ran. */
  indexedBlock: number | null;
  indexedHash: string | null;
  headBlock: number | null;
  finalizedBlock: number | null;
  /** headBlock - indexedBlock (never negative). */
  lag: number | null;
  /** Events (transfer rows) committed so far, counted up per batch (a rollback does not count down); 0 before the first. */
  eventsIndexed: number;
  /** 'node': finalizedBlock follows the node's finalized block tag (never closer to the head than the confirmations). */
  finalitySource: 'node' | 'confirmations' | null;
  /** The RPC endpoints as the ingester last saw them, preferred first. */
  endpoints: EndpointHealth[];
  /** The contracts the chain is limited to, with their progress; empty when it indexes every token contract. */
  contracts: WatchedContractProgress[];
  /** Native transfers indexed (CHAINS `nativeTransfers`): never a silent gap in a wallet's history. */
  nativeTransfers: boolean;
  /** Internal transfers indexed (CHAINS `traces`, and an endpoint that serves traces); when not, why not. */
  internalTransfers: boolean;
  internalTransfersReason: string | null;
  /** Token approvals indexed (CHAINS `approvals`): an empty `approvals` answer is no proof of none otherwise. */
  approvals: boolean;
  updatedAt: Date | null;
};

export type EndpointHealth = {
  url: string;
  state: 'healthy' | 'benched' | 'behind' | 'wrong-chain';
  /** Whether requests go to it now (the first usable one). */
  inUse: boolean;
  head: number | null;
  failures: number;
  benchedUntil: Date | null;
  served: number;
  failed: number;
  /** The trace method it serves (internal transfers); 'none' when it refused both; null until the ingester asked. */
  traces: 'debug_traceBlockByNumber' | 'trace_block' | 'none' | null;
};

export type ContractStatusFilter = 'VERIFIED' | 'UNVERIFIED' | 'ALL';

/** Which contracts count: none of these means every contract (requests.ts, `selectionOfMetadataOptions`). */
export type MetadataOptions = { verifiedOnly?: boolean | null; unverifiedOnly?: boolean | null; includeContracts?: string[] | null };
