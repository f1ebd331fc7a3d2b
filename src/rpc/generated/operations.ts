/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type ContractTokenIDsInput = {
  contractAddress: string;
  /** At most 50. */
  tokenIDs: Array<string>;
};

export type ContractVerificationStatus =
  /** Every contract, blacklisted ones included. */
  | 'ALL'
  /** Contracts neither verified nor blacklisted. */
  | 'UNVERIFIED'
  /** Contracts the operator verified and did not blacklist (the default). */
  | 'VERIFIED';

/** Period of a market statistic; labels are the period’s first day (UTC). */
export type DateInterval =
  | 'DAY'
  | 'MONTH'
  /** ISO week, starting on Monday */
  | 'WEEK';

export type EventFilterInput = {
  accounts?: Array<string> | null | undefined;
  contractAddresses?: Array<string> | null | undefined;
  /** Event signatures, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`. */
  events?: Array<string> | null | undefined;
  tokenIDs?: Array<string> | null | undefined;
};

export type MarketQueryFilter = {
  /** Only this configured chain (id or name); every configured chain when absent. */
  chainId?: string | null | undefined;
  /** ERC-721/1155 contract addresses (any case). When empty, the contracts linked to the project’s hosted collections. */
  collections?: Array<string> | null | undefined;
  /** DAY when absent. */
  dateInterval?: DateInterval | null | undefined;
  /** Accepted for compatibility; ignored. */
  ecosystemId?: number | null | undefined;
  /** Required. Last day counted, YYYY-MM-DD (UTC), inclusive: a range of at most 1,096 days for DAY, 3,653 for WEEK, 10,958 for MONTH. */
  endDate?: string | null | undefined;
  /** Scopes an empty `collections` to the project; defaults to the bearer token’s project. */
  projectId?: number | null | undefined;
  /** Accepted for compatibility (ALL, CREATED, RELATED); ignored. */
  projectType?: string | null | undefined;
  /** Required. First day counted, YYYY-MM-DD (UTC). */
  startDate?: string | null | undefined;
  /** Only this token id (decimal). */
  tokenId?: string | null | undefined;
};

/** Without options every contract is reported, blacklisted ones included. */
export type MetadataOptionsInput = {
  /** Contracts reported whatever their flags. */
  includeContracts?: Array<string> | null | undefined;
  /** Only contracts neither verified nor blacklisted. */
  unverifiedOnly?: boolean | null | undefined;
  /** Only contracts the operator verified (and did not blacklist). */
  verifiedOnly?: boolean | null | undefined;
};

/** Numbered paging: `page` is 1-based. */
export type PageInput = {
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
};

export type TokenBalancesFilterInput = {
  /** Required: 1 to 100 accounts. */
  accountAddresses?: Array<string> | null | undefined;
  /** Never these contracts. */
  contractBlacklist?: Array<string> | null | undefined;
  contractStatus?: ContractVerificationStatus | null | undefined;
  /** Only these contracts, whatever their status. */
  contractWhitelist?: Array<string> | null | undefined;
  omitNativeBalances?: boolean | null | undefined;
};

export type TokenMetadataInput = {
  animationUrl?: string | null | undefined;
  attributes?: Array<Record<string, unknown>> | null | undefined;
  audio?: string | null | undefined;
  backgroundColor?: string | null | undefined;
  decimals?: number | null | undefined;
  description?: string | null | undefined;
  externalUrl?: string | null | undefined;
  image?: string | null | undefined;
  imageData?: string | null | undefined;
  name?: string | null | undefined;
  properties?: Record<string, unknown> | null | undefined;
  tokenId?: string | null | undefined;
  video?: string | null | undefined;
};

export type TransactionFilterInput = {
  contractAddress?: string | null | undefined;
  /** An event signature one of the receipt’s logs must carry. */
  event?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  txnHash?: string | null | undefined;
};

/** At least one account, contract or transaction hash. Every given field must match. */
export type TransactionHistoryFilterInput = {
  accountAddress?: string | null | undefined;
  /** Transactions moving tokens from or to any of them (at most 100). */
  accountAddresses?: Array<string> | null | undefined;
  contractAddress?: string | null | undefined;
  /** Transfers of any of these contracts. */
  contractAddresses?: Array<string> | null | undefined;
  /** Inclusive. */
  fromBlock?: string | null | undefined;
  /** Strata records no meta-transactions: a non-empty list matches nothing. */
  metaTransactionIDs?: Array<string> | null | undefined;
  /** Inclusive; 0 means no upper bound. */
  toBlock?: string | null | undefined;
  /** 0 also matches ERC-20 transfers. */
  tokenID?: string | null | undefined;
  /** At most 100. */
  transactionHashes?: Array<string> | null | undefined;
};

export type TransferType =
  /** To one of the accounts asked about. */
  | 'RECEIVE'
  /** From one of the accounts asked about (a self-transfer too). */
  | 'SEND'
  /** No account was asked about. */
  | 'UNKNOWN';

export type GetLinkedWalletsQueryVariables = Exact<{
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  signatureChainId: string;
}>;


export type GetLinkedWalletsQuery = { linkedWallets: Array<{ id: number, walletAddress: string, linkedWalletAddress: string, walletType: string | null, createdAt: string }> };

export type LinkWalletMutationVariables = Exact<{
  signatureChainId: string;
  linkedWalletType?: string | null | undefined;
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  linkedWalletAddress: string;
  linkedWalletMessage: string;
  linkedWalletSignature: string;
}>;


export type LinkWalletMutation = { linkWallet: { id: number } };

export type RemoveLinkedWalletMutationVariables = Exact<{
  signatureChainId: string;
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  linkedWalletAddress: string;
  linkedWalletMessage?: string | null | undefined;
  linkedWalletSignature?: string | null | undefined;
}>;


export type RemoveLinkedWalletMutation = { removeLinkedWallet: boolean };

export type MarketTxnEventTotalQueryVariables = Exact<{
  filter: MarketQueryFilter;
}>;


export type MarketTxnEventTotalQuery = { marketTxnEventTotal: Array<{ value: number, label: string }> };

export type GetCollectionQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
}>;


export type GetCollectionQuery = { collection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } };

export type ListCollectionsQueryVariables = Exact<{
  projectId?: number | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type ListCollectionsQuery = { collections: { page: { page: number | null, pageSize: number, more: boolean }, collections: Array<{ id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } }> } };

export type UpdateTokenMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  tokenId: string;
  token: TokenMetadataInput;
  private?: boolean | null | undefined;
}>;


export type UpdateTokenMutation = { updateCollectionToken: { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null } };

export type GetBalanceUpdatesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  lastBlockNumber?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetBalanceUpdatesQuery = { balanceUpdates: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { contractType: string, contractAddress: string, accountAddress: string, tokenID: string | null, balance: string, blockHash: string, blockNumber: number, chainId: number } }> } };

export type GetTokenBalancesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  accountAddress: string;
  contractAddress?: string | null | undefined;
  tokenID?: string | null | undefined;
  metadataOptions?: MetadataOptionsInput | null | undefined;
  includeCollectionTokens?: boolean | null | undefined;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenBalancesQuery = { tokenBalances: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { contractType: string, contractAddress: string, accountAddress: string, tokenID: string | null, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, contractInfo?: { chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string } | null } }> } };

export type GetTokenBalancesSummaryQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TokenBalancesFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenBalancesSummaryQuery = { tokenBalancesSummary: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null }>, edges: Array<{ node: { contractType: string, contractAddress: string, accountAddress: string, tokenID: string | null, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, contractInfo?: { chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } } | null } }> } };

export type GetTransactionHistoryQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TransactionHistoryFilterInput;
  metadataOptions?: MetadataOptionsInput | null | undefined;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTransactionHistoryQuery = { transactionHistory: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { txnHash: string, blockNumber: number, blockHash: string, chainId: number, timestamp: string, transfers: Array<{ transferType: TransferType, contractAddress: string, contractType: string, from: string, to: string, tokenIds: Array<string> | null, amounts: Array<string>, logIndex: number, contractInfo: { chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } } | null, tokenMetadata?: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string }> }> } }> } };

export type SubscribeBalanceUpdatesSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeBalanceUpdatesSubscription = { balanceUpdates: { chainId: number, contractAddress: string, contractType: string, accountAddress: string, tokenID: string | null, balance: string, blockNumber: number, blockHash: string, cursor: string } };

export type SubscribeEventsSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  filter: EventFilterInput;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeEventsSubscription = { events: { uid: string, type: string, chainId: number, blockNumber: number, blockHash: string, parentBlockHash: string, contractAddress: string, contractType: string, txnHash: string, txnIndex: number, txnLogIndex: number, ts: string, cursor: string, txnInfo: { from: string, to: string, value: string }, rawLog: { address: string, topics: Array<string>, data: string }, event: { topicHash: string, eventSig: string, types: Array<string>, names: Array<string>, values: Array<string> } } };

export type SubscribeReceiptsSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  filter?: TransactionFilterInput | null | undefined;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeReceiptsSubscription = { receipts: { txnHash: string, txnStatus: string, txnIndex: number, txnType: string, blockHash: string, blockNumber: number, gasUsed: string, effectiveGasPrice: string, from: string, to: string, final: boolean, reorged: boolean, cursor: string, logs: Array<{ contractAddress: string, topics: Array<string>, data: string, index: number }> } };

export type GetContractInfoQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type GetContractInfoQuery = { contractInfo: { chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } } };

export type GetTokenMetadataQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
  tokenIDs: Array<string> | string;
}>;


export type GetTokenMetadataQuery = { tokenMetadata: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string }> };

export type GetTokenMetadataBatchQueryVariables = Exact<{
  chainID: string;
  contractTokenMap: Array<ContractTokenIDsInput> | ContractTokenIDsInput;
}>;


export type GetTokenMetadataBatchQuery = { tokenMetadataBatch: Array<{ contractAddress: string, tokenMetadata: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string }> }> };

export type SearchContractInfoQueryVariables = Exact<{
  contractAddress: string;
}>;


export type SearchContractInfoQuery = { findContractInfo: Array<{ chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } }> };

export type SearchContractInfoBatchQueryVariables = Exact<{
  contractAddresses: Array<string> | string;
}>;


export type SearchContractInfoBatchQuery = { findContractInfoBatch: Array<{ address: string, contractInfo: Array<{ chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } }> }> };

export type SearchContractsQueryVariables = Exact<{
  q?: string | null | undefined;
  chainID?: string | null | undefined;
  chainIDs?: Array<string> | string | null | undefined;
  types?: Array<string> | string | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type SearchContractsQuery = { searchContracts: { page: { page: number | null, pageSize: number, more: boolean }, contractInfo: Array<{ chainId: number, address: string, name: string, type: string, symbol: string, decimals: number | null, logoURI: string | null, deployed: boolean, bytecodeHash: string, updatedAt: string, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } }> } };

export type CollectionFieldsFragment = { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } };
