// The events ingestion publishes after each commit, by topic.
import type { ContractType, TokenStandard } from '../chain/contract-type';

/** An event's place inside its block, per topic (see positions.ts); compared element by element. */
export type Position = Array<string | number>;

/**
 * Where a subscriber stands once it has an event: it has every event of the blocks up to `block` (whose hash was
 * `hash`) that sorts at or before `pos` in that block (`null`: the whole block), and the final-receipt notices up to
 * the receipt at `final` ([block, txIndex]). Subscriptions hand it out as an opaque cursor to resume from.
 */
export type StreamMark = { block: number; hash: string; pos: Position | null; final: [number, number] };

/** What every published event carries besides its payload. */
export type Stamp = {
  /** The chain's commit that published it (chain_checkpoints.event_seq); 0 for events replayed from storage. */
  seq: number;
  mark: StreamMark;
};

/** A balance after a block changed it (also sent with the restored value on reorg). */
export type BalanceEvent = {
  chainId: number;
  contract: string;
  contractType: TokenStandard;
  account: string;
  tokenId: string;
  balance: string;
  delta: string;
  blockNumber: number;
  blockHash: string;
  /** True when this restores a balance after its block was orphaned. */
  reorged: boolean;
} & Stamp;

/** A decoded token log, added with its block or removed when the block is orphaned. */
export type LogEvent = {
  chainId: number;
  type: 'BLOCK_ADDED' | 'BLOCK_REMOVED';
  blockNumber: number;
  blockHash: string;
  parentBlockHash: string;
  contract: string;
  contractType: ContractType;
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
} & Stamp;

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
} & Stamp;

/**
 * Blocks that ingestion committed without publishing their events: it caught up on more blocks than it replays
 * to subscribers (an outage longer than the catch-up window). Published in order with the other topics.
 */
export type GapNotice = { chainId: number; fromBlock: number; toBlock: number };

/**
 * Commits of blocks from `fromBlock` on may not have been published: the chain's previous ingester (a process killed,
 * a lease lost) can have committed a batch and stopped before publishing its events. Published by the next ingester
 * before anything else; each subscriber replays from storage what it is missing of those blocks.
 */
export type ResyncNotice = { chainId: number; fromBlock: number };

/** An access key was revoked, rotated or changed (by its hash): every server forgets it and re-checks its streams. */
export type KeyNotice = { keyHash: string };

/** A chain's webhook listeners changed (added, updated, removed): every process re-reads them (domain/webhooks). */
export type WebhookNotice = { chainId: number };

/**
 * A contract's stored spam verdict changed (domain/trust/verdict-store.ts), published after the write: `previous` is
 * null for its first verdict. Live notices only: a subscriber that reconnects reads the verdicts again.
 */
export type VerdictNotice = {
  chainId: number;
  contractAddress: string;
  verdict: 'SPAM' | 'SUSPECT' | 'OK' | 'UNKNOWN';
  previous: 'SPAM' | 'SUSPECT' | 'OK' | 'UNKNOWN' | null;
  reasons: Array<{ code: string; field: string; evidence: string }>;
  overridden: boolean;
};

export type Topics = {
  balances: BalanceEvent;
  logs: LogEvent;
  receipts: ReceiptEvent;
  gaps: GapNotice;
  resyncs: ResyncNotice;
  keys: KeyNotice;
  webhooks: WebhookNotice;
  verdicts: VerdictNotice;
};

export type TopicName = keyof Topics;
