/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** An asset record’s fields. Its URL, size, type and dimensions come from the uploaded bytes only (PUT to /projects/<p>/collections/<c>/tokens/<t>/assets/<metadataField>). */
export type AssetInput = {
  /** The hosted collection; required when creating, and an asset stays in its collection. */
  collectionId?: number | null | undefined;
  /** The file name shown for downloads and in the URL; the metadata field when not given at creation. */
  filename?: string | null | undefined;
  /** The document field it fills: image, animation_url, video, audio, or another name (lower-case letters, digits, _); required when creating, one asset per field. */
  metadataField?: string | null | undefined;
  /** The token, which must exist; required when creating, and an asset stays with its token. */
  tokenId?: string | null | undefined;
};

/** What a balance sync found. */
export type BalanceSyncOutcome =
  /** The stored balance differed from the contract’s and was replaced (logged and counted in strata_balance_syncs_total). */
  | 'REPAIRED'
  /** The stored balance was right. */
  | 'UNCHANGED';

/** Tokens of one chain whose prices are asked for. */
export type ChainTokenPricesInput = {
  /** Chain id or configured name. */
  chainId: string;
  /** At most 100. */
  tokens: Array<TokenPriceQueryInput>;
};

/** A token on one of the configured chains. */
export type CoinPriceTokenInput = {
  /** Chain id or configured name. */
  chainId: string;
  /** The contract, any case; the zero address for the native coin. */
  contractAddress: string;
  /** A collectible’s token id; absent for the contract’s own price. */
  tokenId?: string | null | undefined;
};

/** A collection’s fields. Creating needs `name`; when updating, absent fields keep their value. */
export type CollectionInput = {
  /** Free text, at most 10,000 characters; empty when not given at creation. */
  description?: string | null | undefined;
  /** The collection’s website URL (http, https, ipfs, ar or data); an empty string clears it. */
  externalLink?: string | null | undefined;
  /** Image URL (http, https, ipfs, ar or data); an empty string clears it. */
  image?: string | null | undefined;
  /** The collection’s name, 1 to 200 characters, not blank. */
  name?: string | null | undefined;
  /** True stops the public documents being served; false when not given at creation. */
  private?: boolean | null | undefined;
  /** Free-form properties, replacing the stored ones: at most 100 keys (1 to 100 characters); values strings of at most 2,000 characters, numbers or booleans. */
  properties?: Record<string, unknown> | null | undefined;
};

/** Absent or null fields are not overridden. */
export type ContractInfoExtensionsOverrideInput = {
  /** True leaves the contract out of searches. */
  blacklist?: boolean | null | undefined;
  /** At most 20, of at most 100 characters each. */
  categories?: Array<string> | null | undefined;
  /** At most 5,000 characters. */
  description?: string | null | undefined;
  /** Above 0 makes the contract featured (first in searches), 0 not featured. */
  featureIndex?: number | null | undefined;
  /** An http(s), ipfs, ar or data URL. */
  link?: string | null | undefined;
  /** An http(s), ipfs, ar or data URL. */
  ogImage?: string | null | undefined;
  /** At most 200 characters. */
  ogName?: string | null | undefined;
  /** The contract a bridged token comes from. */
  originAddress?: string | null | undefined;
  /** The chain a bridged token comes from. */
  originChainId?: number | null | undefined;
  /** Whether the operator vouches for the contract. */
  verified?: boolean | null | undefined;
  /** Who verified it, at most 200 characters. */
  verifiedBy?: string | null | undefined;
};

/** Absent or null fields are not overridden: the chain and the contractURI document answer them. */
export type ContractInfoOverrideInput = {
  /** 0 to 255. */
  decimals?: number | null | undefined;
  /** Extensions fields to override. */
  extensions?: ContractInfoExtensionsOverrideInput | null | undefined;
  /** Logo image URL: an http(s), ipfs, ar or data URL. */
  logoUri?: string | null | undefined;
  /** At most 200 characters. */
  name?: string | null | undefined;
  /** At most 100 characters. */
  symbol?: string | null | undefined;
  /** The token standard to answer instead of the detected one. */
  type?: ContractType | null | undefined;
};

/** Where a contract’s info came from. */
export type ContractInfoSource =
  /** Read from its chain: code, name(), symbol(), decimals(). */
  | 'CHAIN'
  /** Read from its chain, with fields of the document its contractURI() points at. */
  | 'CONTRACT_URI'
  /** An address with no code that nothing has stored. */
  | 'NONE'
  /** An operator’s override replaced some of what the chain and the document say (see `override`). */
  | 'OVERRIDE'
  /** A token list of the token directory gave its name, symbol, decimals and logo (see `tokenDirectory`). */
  | 'TOKEN_LIST';

/** Whether a contract’s info is there. */
export type ContractInfoStatus =
  /** The info is there. */
  | 'AVAILABLE'
  /** The info is there; its contractURI document is being fetched (the previous document’s fields answer meanwhile). */
  | 'FETCHING'
  /** Nothing is there: an address with no code that nothing (not even an override) has stored. */
  | 'NOT_AVAILABLE';

/** One contract of a batch, with the token ids wanted of it. */
export type ContractTokenIdsInput = {
  /** The contract, 0x-prefixed hex in any case; the same contract given twice is merged. */
  contractAddress: string;
  /** At most 50. */
  tokenIds: Array<string>;
};

/** A contract and the token ids whose supply is wanted. */
export type ContractTokenSupplyInput = {
  /** The contract, 0x-prefixed hex in any case; at most 50 contracts per request. */
  contractAddress: string;
  /** The token ids, at most 1,000 over the request; for an ERC-20 leave it empty (or give 0): its total supply is answered as token id 0. */
  tokenIds?: Array<string> | null | undefined;
};

/** The token standard of a contract. */
export type ContractType =
  /** Fungible token (ERC-20). */
  | 'ERC20'
  /** Non-fungible token (ERC-721). */
  | 'ERC721'
  /** Multi-token contract (ERC-1155). */
  | 'ERC1155'
  /** Minimal multi-token contract (ERC-6909): balances per (account, token id), as ERC-1155. */
  | 'ERC6909'
  /** The chain’s native coin: a transaction’s value, named by the zero address (token id 0, amounts in wei). Transfers only; no contract has it. */
  | 'NATIVE'
  /** Not recognised as a token contract (or not classified yet). */
  | 'UNKNOWN';

/** Which contracts a balance summary reports, by the operator’s flags. */
export type ContractVerificationStatus =
  /** Every contract, blacklisted ones included. */
  | 'ALL'
  /** Contracts neither in the token directory, nor verified, nor blacklisted, nor SPAM by their stored verdict. */
  | 'UNVERIFIED'
  /** Contracts in the token directory or verified by the operator, and not blacklisted (the default). */
  | 'VERIFIED';

/** Period of a market statistic; labels are the period’s first day (UTC). */
export type DateInterval =
  /** UTC calendar day */
  | 'DAY'
  /** Calendar month (UTC) */
  | 'MONTH'
  /** ISO week, starting on Monday */
  | 'WEEK';

/** Whether the ingester sends requests to an RPC endpoint, and if not, why. */
export type EndpointState =
  /** Its head trails the best endpoint’s by more than maxLagBlocks; used again once it catches up. */
  | 'BEHIND'
  /** Failed recently; tried again once benchedUntil passes. */
  | 'BENCHED'
  /** Takes requests. */
  | 'HEALTHY'
  /** Serves another chain id; never used. */
  | 'WRONG_CHAIN';

/** Which token events a subscriber receives: `contractAddresses` or `accounts` (or both) must be given; every list given must match. */
export type EventFilterInput = {
  /** Events from, to or (ERC-1155 operator, ERC-6909 caller) operated by any of these accounts (any case), at most 1,000. */
  accounts?: Array<string> | null | undefined;
  /** Events of any of these token contracts (0x-prefixed hex, any case), at most 1,000. */
  contractAddresses?: Array<string> | null | undefined;
  /** Event signatures, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`. */
  events?: Array<string> | null | undefined;
  /** Events moving any of these token ids; ERC-20 events never match. */
  tokenIds?: Array<string> | null | undefined;
};

/** Whether an event arrived with its block or is withdrawn with it. */
export type EventLogType =
  /** The log’s block joined the chain. */
  | 'BLOCK_ADDED'
  /** The log’s block was orphaned by a reorg: the event no longer happened. */
  | 'BLOCK_REMOVED';

/** What `marketTxnEventTotal` counts: the days, the period and the contracts (given, or those linked to a project’s collections). */
export type MarketQueryFilter = {
  /** Only this configured chain (id or name); every configured chain when absent. */
  chainId?: string | null | undefined;
  /** ERC-721/1155 contract addresses (any case). When empty, the contracts linked to the project’s hosted collections. */
  collections?: Array<string> | null | undefined;
  /** DAY when absent. */
  dateInterval?: DateInterval | null | undefined;
  /** Accepted for compatibility; ignored. */
  ecosystemId?: number | null | undefined;
  /** Last day counted, YYYY-MM-DD (UTC), inclusive: a range of at most 1,096 days for DAY, 3,653 for WEEK, 10,958 for MONTH. */
  endDate: string;
  /** Scopes an empty `collections` to the project; defaults to the bearer token’s project. */
  projectId?: number | null | undefined;
  /** Accepted for compatibility (ALL, CREATED, RELATED); ignored. */
  projectType?: string | null | undefined;
  /** First day counted, YYYY-MM-DD (UTC). */
  startDate: string;
  /** Only this token id. */
  tokenId?: string | null | undefined;
};

/** Without options every contract is reported, blacklisted ones included. */
export type MetadataOptionsInput = {
  /** Contracts reported whatever their flags. */
  includeContracts?: Array<string> | null | undefined;
  /** Only contracts neither in the token directory, nor verified, nor blacklisted, nor SPAM by their stored verdict. */
  unverifiedOnly?: boolean | null | undefined;
  /** Only contracts in the token directory or verified by the operator (and not blacklisted). */
  verifiedOnly?: boolean | null | undefined;
};

/** Where a refresh task is. */
export type MetadataTaskStatus =
  /** Finished; every item was refreshed (see result). */
  | 'DONE'
  /** Finished with failures (see error and result); failed tokens are fetched again on the retry schedule. */
  | 'FAILED'
  /** Waiting to run (at runAt). */
  | 'QUEUED'
  /** A worker is running it. */
  | 'RUNNING';

/** Which configured chains a multi-chain read covers, by the `testnet` flag of their configuration. */
export type NetworkType =
  /** Every chain (the default). */
  | 'ALL'
  /** Chains not flagged testnet. */
  | 'MAINNETS'
  /** Chains flagged testnet. */
  | 'TESTNETS';

/** The contracts whose balances to list, optionally narrowed to some accounts and token ids. */
export type TokenBalancesByContractFilterInput = {
  /** Only these holders, at most 100; every holder when absent or empty. */
  accountAddresses?: Array<string> | null | undefined;
  /** The contracts, 1 to 1,000, 0x-prefixed hex in any case. */
  contractAddresses: Array<string>;
  /** Which of the named contracts to report by their flags; ALL when absent (the contracts are named). */
  contractStatus?: ContractVerificationStatus | null | undefined;
  /** Only these token ids (0 also matches ERC-20 balances), at most 1,000. */
  tokenIds?: Array<string> | null | undefined;
};

/** Whose balances `tokenBalancesSummary` and `tokenBalancesDetails` report, and of which contracts. */
export type TokenBalancesFilterInput = {
  /** The accounts, 1 to 100. */
  accountAddresses: Array<string>;
  /** Never these contracts. */
  contractBlacklist?: Array<string> | null | undefined;
  /** Which contracts to report by their flags; VERIFIED when absent, ignored when contractWhitelist is given. */
  contractStatus?: ContractVerificationStatus | null | undefined;
  /** Only contracts of these types (ERC20, ERC721, ERC1155, ERC6909; any case). The published clients’ other type names are accepted and match no balance row; any type when absent or empty. */
  contractTypes?: Array<string> | null | undefined;
  /** Only these contracts, whatever their status. */
  contractWhitelist?: Array<string> | null | undefined;
  /** True leaves nativeBalances empty (the node is not asked); false when absent. */
  omitNativeBalances?: boolean | null | undefined;
  /** Only these token ids (0 also matches ERC-20 balances), at most 1,000; any when absent or empty. */
  tokenIds?: Array<string> | null | undefined;
};

/** A contract to put in the token directory, with its feature index. */
export type TokenDirectoryContractInput = {
  /** A configured chain id or name. */
  chainId: string;
  /** The contract’s address, 0x-prefixed hex in any case. */
  contractAddress: string;
  /** 0 to 1,000,000; absent: unchanged (0 for a contract new to the directory). */
  featureIndex?: number | null | undefined;
};

/** What one read of a token list did. */
export type TokenListOutcome =
  /** It passed validation and replaced the list’s previous tokens. */
  | 'IMPORTED'
  /** It could not be read or failed validation (see `error`): the previous import, if any, stays in use. */
  | 'REFUSED'
  /** The same document as the import in use: nothing to replace. */
  | 'UNCHANGED';

/** A hosted token’s fields. URLs may be http, https, ipfs, ar or data URLs; when updating, absent fields keep their value. */
export type TokenMetadataInput = {
  /** Animation or multimedia URL. */
  animationUrl?: string | null | undefined;
  /** Traits, at most 200, each an object with the same rules as `properties` (typically `trait_type` and `value`). */
  attributes?: Array<Record<string, unknown>> | null | undefined;
  /** Audio URL. */
  audio?: string | null | undefined;
  /** Background colour: 3 to 8 hex digits, with or without `#`. */
  backgroundColor?: string | null | undefined;
  /** Decimal places of the token’s amounts, 0 to 255. */
  decimals?: number | null | undefined;
  /** Free text, at most 10,000 characters. */
  description?: string | null | undefined;
  /** The token’s web page URL. */
  externalUrl?: string | null | undefined;
  /** Image URL; an empty string clears it. */
  image?: string | null | undefined;
  /** Raw image data such as inline SVG, at most 100,000 characters. */
  imageData?: string | null | undefined;
  /** The token’s name, at most 200 characters; empty when not given at creation. */
  name?: string | null | undefined;
  /** Free-form properties: at most 100 keys (1 to 100 characters); values strings of at most 2,000 characters, numbers or booleans. */
  properties?: Record<string, unknown> | null | undefined;
  /** The token id (0x hex accepted); required when creating, and when updating it must equal the `tokenId` argument if given. */
  tokenId?: string | null | undefined;
  /** Video URL. */
  video?: string | null | undefined;
};

/** Where a token’s metadata document came from. */
export type TokenMetadataSource =
  /** The token URI the contract returns (tokenURI / uri). */
  | 'CHAIN'
  /** The hosted collection linked to the contract. */
  | 'COLLECTION'
  /** No document. */
  | 'NONE';

/** Whether a token’s metadata document is there, and if not, why. */
export type TokenMetadataStatus =
  /** A document is there. */
  | 'AVAILABLE'
  /** No document; the last fetch failed (see lastError); retried after retryAt. */
  | 'FAILED'
  /** No document yet; a fetch is running (ask again shortly). */
  | 'FETCHING'
  /** Nothing to fetch (e.g. a linked collection without this token). */
  | 'NOT_AVAILABLE';

/** A token whose price is asked for. */
export type TokenPriceQueryInput = {
  /** The contract, any case; the zero address for the native coin. */
  contractAddress: string;
  /** A collectible’s token id; absent for the contract’s own price. */
  tokenId?: string | null | undefined;
};

/** A token matches when its property `name` has one of `values` (when given) and a number within `min`..`max` (when given). */
export type TokenPropertyFilterInput = {
  /** Highest number accepted (inclusive). */
  max?: number | null | undefined;
  /** Lowest number accepted (inclusive). */
  min?: number | null | undefined;
  /** The attribute’s trait_type, or the key in the document’s properties. */
  name: string;
  /** Informative; how values compare follows the stored values. */
  type?: TokenPropertyType | null | undefined;
  /** Accepted values, ORed; numbers and booleans as text (`5`, `true`). At most 200. */
  values?: Array<string> | null | undefined;
};

/** The kind of a token metadata property, as the filters a contract offers report it. */
export type TokenPropertyType =
  /** Values are lists in the documents; a token matches when any element is one of the values asked for. */
  | 'ARRAY'
  /** Boolean values. */
  | 'GENERIC'
  /** Every value is a number (JSON numbers, or numeric strings of a number display_type): filter by values or by min/max. */
  | 'INT'
  /** Text values: filter by values. */
  | 'STRING';

/** Every condition given must hold (property conditions are ANDed; values within one are ORed). */
export type TokenSearchFilterInput = {
  /** At most 32 property conditions. */
  properties?: Array<TokenPropertyFilterInput> | null | undefined;
  /** Text the token’s name contains (case-insensitive), at most 200 characters. */
  text?: string | null | undefined;
};

/** Which receipts a subscriber receives; every field given must match. Addresses and hashes are 0x-prefixed hex in any case. */
export type TransactionFilterInput = {
  /** Only transactions sent to this contract or carrying a log it emitted. */
  contractAddress?: string | null | undefined;
  /** An event signature one of the receipt’s logs must carry. */
  event?: string | null | undefined;
  /** Only transactions sent by this address. */
  from?: string | null | undefined;
  /** Only transactions sent to this address. */
  to?: string | null | undefined;
  /** Only this transaction (32-byte hash). */
  txnHash?: string | null | undefined;
};

/** At least one account, contract or transaction hash. Every given field must match. */
export type TransactionHistoryFilterInput = {
  /** Transactions moving tokens from or to this account: 0x hex, or an ENS name (resolved on ENS_CHAIN). */
  accountAddress?: string | null | undefined;
  /** Transactions moving tokens from or to any of them (at most 100; ENS names among them, at most 20). */
  accountAddresses?: Array<string> | null | undefined;
  /** Transfers of this contract. */
  contractAddress?: string | null | undefined;
  /** Transfers of any of these contracts. */
  contractAddresses?: Array<string> | null | undefined;
  /** First block, inclusive. */
  fromBlock?: number | null | undefined;
  /** Strata records no meta-transactions: a non-empty list matches nothing. */
  metaTransactionIds?: Array<string> | null | undefined;
  /** Last block, inclusive; 0 means no upper bound. */
  toBlock?: number | null | undefined;
  /** 0 also matches ERC-20 transfers. */
  tokenId?: string | null | undefined;
  /** These transactions only, at most 100. */
  transactionHashes?: Array<string> | null | undefined;
};

/** How a transaction ended. */
export type TransactionStatus =
  /** It reverted (receipt status 0); its logs were discarded. */
  | 'FAILED'
  /** It executed (receipt status 1). */
  | 'SUCCESSFUL';

/** The transaction’s envelope (EIP-2718 type). */
export type TransactionType =
  /** Type 1: EIP-2930 access list. */
  | 'ACCESS_LIST'
  /** Type 3: EIP-4844 blob carrying. */
  | 'BLOB'
  /** Type 2: EIP-1559 fees. */
  | 'DYNAMIC_FEE'
  /** Type 0: legacy gas price. */
  | 'LEGACY'
  /** A type this version of Strata does not name. */
  | 'OTHER'
  /** Type 4: EIP-7702 code delegation. */
  | 'SET_CODE';

/** How a transfer relates to the accounts asked about. */
export type TransferType =
  /** To one of the accounts asked about. */
  | 'RECEIVE'
  /** From one of the accounts asked about (a self-transfer too). */
  | 'SEND'
  /** No account was asked about. */
  | 'UNKNOWN';

/** What a webhook listener receives; every kind comes with `final` and `reorged` notices. */
export type WebhookKind =
  /** Token approvals of the matched contracts whose owner or spender is a matched account, as each block left them (Approval, ApprovalForAll, a transferFrom spending an allowance, a transfer clearing a token’s approval); the chain must index approvals (CHAINS `approvals`). */
  | 'APPROVALS'
  /** Balance updates of the matched contracts and accounts. */
  | 'BALANCES'
  /** Decoded token events (the default), as `subscribeEvents` pushes them. */
  | 'EVENTS'
  /** Receipts of the transactions that emitted matched events. */
  | 'RECEIPTS';

export type BlockNumberAtTimeQueryVariables = Exact<{
  chainId?: string | null | undefined;
  timestamps: Array<number> | number;
}>;


export type BlockNumberAtTimeQuery = { blockNumbersAtTimes: Array<number> };

export type ClockQueryVariables = Exact<{ [key: string]: never; }>;


export type ClockQuery = { serverTime: string };

export type GetAuthTokenMutationVariables = Exact<{
  ewtString: string;
  chainId?: string | null | undefined;
}>;


export type GetAuthTokenMutation = { createWalletSession: { token: string, session: { walletAddress: string } } | null };

export type GetCoinPricesQueryVariables = Exact<{
  tokens: Array<CoinPriceTokenInput> | CoinPriceTokenInput;
}>;


export type GetCoinPricesQuery = { coinPrices: Array<{ chainId: number, contractAddress: string, tokenId: string | null, readAt: string, price: { priceUsd: string, updatedAt: string | null } | null }> | null };

export type GetExchangeRateQueryVariables = Exact<{
  toCurrency: string;
}>;


export type GetExchangeRateQuery = { exchangeRate: { symbol: string, name: string, value: string, vsCurrency: string, currencyType: string } | null };

export type GetLinkedWalletsQueryVariables = Exact<{
  parentWalletAddress: string;
  parentWalletMessage?: string | null | undefined;
  parentWalletSignature?: string | null | undefined;
  signatureChainId?: string | null | undefined;
}>;


export type GetLinkedWalletsQuery = { linkedWallets: Array<{ id: number, walletAddress: string, linkedWalletAddress: string, walletType: string | null, createdAt: string }> | null };

export type GetPortfolioQueryVariables = Exact<{
  parentWalletAddress: string;
  parentWalletMessage?: string | null | undefined;
  parentWalletSignature?: string | null | undefined;
  signatureChainId?: string | null | undefined;
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  walletAddresses?: Array<string> | string | null | undefined;
  contractStatus?: ContractVerificationStatus | null | undefined;
  omitMetadata: boolean;
  historyFirst?: number | null | undefined;
  historyAfter?: string | null | undefined;
}>;


export type GetPortfolioQuery = { portfolio: { parentWalletAddress: string, walletAddresses: Array<string>, totalUSD: string | null, chains: Array<{ chainId: number, errorReason: string | null, nativeTotal: string | null, truncated: boolean, nativeTotalUSD: string | null, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null }>, balances: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null }> }>, holdings: Array<{ chainId: number, contractType: ContractType, contractAddress: string, balance: string, walletCount: number, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, balances: Array<{ accountAddress: string, balance: string }> }>, history: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null }>, transactions: Array<{ txnHash: string, blockNumber: number, blockHash: string, chainId: number, timestamp: string, transfers: Array<{ transferType: TransferType, contractAddress: string, contractType: ContractType, from: string, to: string, tokenIds: Array<string> | null, amounts: Array<string>, logIndex: number, internal: boolean, contractInfo: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null }> }> } } | null };

export type IsValidEthAuthProofQueryVariables = Exact<{
  chainId: string;
  walletAddress: string;
  ethAuthProofString: string;
}>;


export type IsValidEthAuthProofQuery = { isValidETHAuthProof: { isValid: boolean } | null };

export type IsValidMessageSignatureQueryVariables = Exact<{
  chainId: string;
  walletAddress: string;
  message: string;
  signature: string;
}>;


export type IsValidMessageSignatureQuery = { isValidMessageSignature: { isValid: boolean } | null };

export type IsValidSignatureQueryVariables = Exact<{
  chainId: string;
  walletAddress: string;
  digest: string;
  signature: string;
}>;


export type IsValidSignatureQuery = { isValidSignature: { isValid: boolean } | null };

export type IsValidTypedDataSignatureQueryVariables = Exact<{
  chainId: string;
  walletAddress: string;
  typedData: Record<string, unknown>;
  signature: string;
}>;


export type IsValidTypedDataSignatureQuery = { isValidTypedDataSignature: { isValid: boolean } | null };

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


export type LinkWalletMutation = { linkWallet: { id: number } | null };

export type RemoveLinkedWalletMutationVariables = Exact<{
  signatureChainId: string;
  parentWalletAddress: string;
  parentWalletMessage: string;
  parentWalletSignature: string;
  linkedWalletAddress: string;
  linkedWalletMessage?: string | null | undefined;
  linkedWalletSignature?: string | null | undefined;
}>;


export type RemoveLinkedWalletMutation = { removeLinkedWallet: boolean | null };

export type ResolveEnsAddressQueryVariables = Exact<{
  name: string;
}>;


export type ResolveEnsAddressQuery = { ensAddress: { address: string | null } | null };

export type AddContractInfoOverrideMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
  contractInfoOverride: ContractInfoOverrideInput;
}>;


export type AddContractInfoOverrideMutation = { addContractInfoOverride: { updatedAt: string } | null };

export type AddContractToTokenDirectoryMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type AddContractToTokenDirectoryMutation = { addContractToTokenDirectory: { address: string } | null };

export type AddContractsToTokenDirectoryMutationVariables = Exact<{
  contracts: Array<TokenDirectoryContractInput> | TokenDirectoryContractInput;
}>;


export type AddContractsToTokenDirectoryMutation = { addContractsToTokenDirectory: Array<{ address: string }> | null };

export type GetContractInfoOverrideQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type GetContractInfoOverrideQuery = { contractInfoOverride: { chainId: number, contractAddress: string, name: string | null, type: ContractType | null, symbol: string | null, decimals: number | null, createdAt: string, updatedAt: string, logoURI: string | null, extensions: { link: string | null, description: string | null, categories: Array<string> | null, ogImage: string | null, ogName: string | null, originChainId: number | null, originAddress: string | null, blacklist: boolean | null, verified: boolean | null, verifiedBy: string | null, featureIndex: number | null } } | null };

export type GetContractInfoOverridesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetContractInfoOverridesQuery = { contractInfoOverrides: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ chainId: number, contractAddress: string, name: string | null, type: ContractType | null, symbol: string | null, decimals: number | null, createdAt: string, updatedAt: string, logoURI: string | null, extensions: { link: string | null, description: string | null, categories: Array<string> | null, ogImage: string | null, ogName: string | null, originChainId: number | null, originAddress: string | null, blacklist: boolean | null, verified: boolean | null, verifiedBy: string | null, featureIndex: number | null } }> } | null };

export type IsInTokenDirectoryQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type IsInTokenDirectoryQuery = { isInTokenDirectory: { listed: boolean, featureIndex: number } | null };

export type RefreshContractInfoUpdatedBeforeMutationVariables = Exact<{
  before: string;
  maxContractNumber: number;
}>;


export type RefreshContractInfoUpdatedBeforeMutation = { queueContractInfoRefreshUpdatedBefore: Array<{ id: number }> | null };

export type RefreshTokenDirectoryMutationVariables = Exact<{ [key: string]: never; }>;


export type RefreshTokenDirectoryMutation = { refreshTokenDirectory: Array<{ source: string, outcome: TokenListOutcome | null, error: string | null }> | null };

export type RefreshTokenMetadataUpdatedBeforeMutationVariables = Exact<{
  before: string;
  maxTokenNumber: number;
}>;


export type RefreshTokenMetadataUpdatedBeforeMutation = { queueTokenMetadataRefreshUpdatedBefore: Array<{ id: number }> | null };

export type RemoveContractFromTokenDirectoryMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type RemoveContractFromTokenDirectoryMutation = { removeContractFromTokenDirectory: { address: string } | null };

export type RemoveContractInfoOverrideMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type RemoveContractInfoOverrideMutation = { removeContractInfoOverride: boolean | null };

export type RemoveContractsFromTokenDirectoryMutationVariables = Exact<{
  chainHandle: string;
  contracts: Array<string> | string;
}>;


export type RemoveContractsFromTokenDirectoryMutation = { removeContractsFromTokenDirectory: number | null };

export type SetTokenDirectoryFeatureIndexMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
  featureIndex: number;
}>;


export type SetTokenDirectoryFeatureIndexMutation = { setTokenDirectoryFeatureIndex: { address: string } | null };

export type UpdateContractInfoOverrideMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
  contractInfoOverride: ContractInfoOverrideInput;
}>;


export type UpdateContractInfoOverrideMutation = { updateContractInfoOverride: { updatedAt: string } | null };

export type MarketTxnEventTotalQueryVariables = Exact<{
  filter: MarketQueryFilter;
}>;


export type MarketTxnEventTotalQuery = { marketTxnEventTotal: Array<{ value: number, label: string }> | null };

export type CreateAssetMutationVariables = Exact<{
  projectId?: number | null | undefined;
  asset: AssetInput;
}>;


export type CreateAssetMutation = { createCollectionAsset: { id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string } | null };

export type CreateCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collection: CollectionInput;
}>;


export type CreateCollectionMutation = { createCollection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } | null };

export type CreateContractCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  chainId: string;
  contractAddress: string;
}>;


export type CreateContractCollectionMutation = { linkCollectionContract: { id: number, chainId: number, contractAddress: string, collectionId: number } | null };

export type CreateTokenMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  token: TokenMetadataInput;
  private?: boolean | null | undefined;
}>;


export type CreateTokenMutation = { createCollectionToken: { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null, updatedAt: string, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null };

export type DeleteAssetMutationVariables = Exact<{
  projectId?: number | null | undefined;
  assetId: number;
}>;


export type DeleteAssetMutation = { deleteCollectionAsset: boolean | null };

export type DeleteCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
}>;


export type DeleteCollectionMutation = { deleteCollection: boolean | null };

export type DeleteContractCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  chainId: string;
  contractAddress: string;
}>;


export type DeleteContractCollectionMutation = { unlinkCollectionContract: boolean | null };

export type DeleteTokenMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  tokenId: string;
}>;


export type DeleteTokenMutation = { deleteCollectionToken: boolean | null };

export type GetAssetQueryVariables = Exact<{
  projectId?: number | null | undefined;
  assetId: number;
}>;


export type GetAssetQuery = { collectionAsset: { id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string } | null };

export type GetCollectionQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
}>;


export type GetCollectionQuery = { collection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } | null };

export type GetContractCollectionQueryVariables = Exact<{
  projectId?: number | null | undefined;
  chainId: string;
  contractAddress: string;
}>;


export type GetContractCollectionQuery = { collectionContractLink: { id: number, chainId: number, contractAddress: string, collectionId: number } | null };

export type GetTokenQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  tokenId: string;
}>;


export type GetTokenQuery = { collectionToken: { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null, updatedAt: string, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null };

export type ListCollectionsQueryVariables = Exact<{
  projectId?: number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListCollectionsQuery = { collections: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } }> } | null };

export type ListContractCollectionsQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId?: number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListContractCollectionsQuery = { collectionContractLinks: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ id: number, chainId: number, contractAddress: string, collectionId: number, collection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } }> } | null };

export type ListTokensQueryVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListTokensQuery = { collection: { tokens: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null, updatedAt: string }> } } | null };

export type PublishCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  recursive?: boolean | null | undefined;
}>;


export type PublishCollectionMutation = { publishCollection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } | null };

export type UnpublishCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
}>;


export type UnpublishCollectionMutation = { unpublishCollection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } | null };

export type UpdateAssetMutationVariables = Exact<{
  projectId?: number | null | undefined;
  assetId: number;
  asset: AssetInput;
}>;


export type UpdateAssetMutation = { updateCollectionAsset: { id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string } | null };

export type UpdateCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  collection: CollectionInput;
}>;


export type UpdateCollectionMutation = { updateCollection: { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } } | null };

export type UpdateContractCollectionMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  chainId: string;
  contractAddress: string;
}>;


export type UpdateContractCollectionMutation = { updateCollectionContractLink: { id: number, chainId: number, contractAddress: string, collectionId: number } | null };

export type UpdateTokenMutationVariables = Exact<{
  projectId?: number | null | undefined;
  collectionId: number;
  tokenId: string;
  token: TokenMetadataInput;
  private?: boolean | null | undefined;
}>;


export type UpdateTokenMutation = { updateCollectionToken: { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null } | null };

export type AddWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
  url?: string | null | undefined;
  name?: string | null | undefined;
  filters?: EventFilterInput | null | undefined;
  kinds?: Array<WebhookKind> | WebhookKind | null | undefined;
}>;


export type AddWebhookListenerMutation = { addWebhookListener: { secret: string, listener: { id: number, projectId: number, url: string, name: string, active: boolean, updatedAt: string, kinds: Array<WebhookKind>, disabledReason: string | null, filters: { events: Array<string>, contractAddresses: Array<string>, accounts: Array<string>, tokenIds: Array<string> } } } | null };

export type FetchTransactionReceiptQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TransactionFilterInput;
  maxBlockWait?: number | null | undefined;
}>;


export type FetchTransactionReceiptQuery = { transactionReceipt: { txnHash: string, txnStatus: TransactionStatus, txnIndex: number, txnType: TransactionType, blockHash: string, blockNumber: number, gasUsed: string, effectiveGasPrice: string, from: string, to: string, final: boolean, reorged: boolean, logs: Array<{ contractAddress: string, topics: Array<string>, data: string, index: number }> } | null };

export type GetAllWebhookListenersQueryVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
}>;


export type GetAllWebhookListenersQuery = { webhookListeners: Array<{ id: number, projectId: number, url: string, name: string, active: boolean, updatedAt: string, kinds: Array<WebhookKind>, disabledReason: string | null, filters: { events: Array<string>, contractAddresses: Array<string>, accounts: Array<string>, tokenIds: Array<string> } }> | null };

export type GetBalanceUpdatesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  lastBlockNumber?: number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetBalanceUpdatesQuery = { balanceUpdates: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, tokenID: string | null } }> } | null };

export type GetChainIdQueryVariables = Exact<{
  chainID?: string | null | undefined;
}>;


export type GetChainIdQuery = { chainId: number };

export type GetNativeTokenBalanceQueryVariables = Exact<{
  chainID?: string | null | undefined;
  accountAddress: string;
}>;


export type GetNativeTokenBalanceQuery = { nativeBalance: { chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null } | null };

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


export type GetTokenBalancesQuery = { tokenBalances: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null } }> } | null };

export type GetTokenBalancesByContractQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TokenBalancesByContractFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenBalancesByContractQuery = { tokenBalancesByContract: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null } }> } | null };

export type GetTokenBalancesDetailsQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TokenBalancesFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenBalancesDetailsQuery = { tokenBalancesDetails: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null }>, edges: Array<{ node: { contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null } }> } | null };

export type GetTokenBalancesSummaryQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TokenBalancesFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenBalancesSummaryQuery = { tokenBalancesSummary: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null }>, edges: Array<{ node: { contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null } }> } | null };

export type GetTokenIdRangesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  lastTokenID?: string | null | undefined;
}>;


export type GetTokenIdRangesQuery = { tokenIdRanges: { contractType: ContractType, moreRanges: boolean, ranges: Array<{ start: string, end: string }> } | null };

export type GetTokenIDsQueryVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenIDsQuery = { tokenIds: { contractType: ContractType, pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ tokenId: string }> } | null };

export type GetTokenPricesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  tokens: Array<TokenPriceQueryInput> | TokenPriceQueryInput;
}>;


export type GetTokenPricesQuery = { tokenPrices: Array<{ contractAddress: string, updatedAt: string | null, tokenID: string | null, priceUSD: string }> | null };

export type GetTokenSuppliesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenSuppliesQuery = { contractSupplies: { contractType: ContractType, pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ supply: string, chainId: number, tokenID: string, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null }> } | null };

export type GetTokenSuppliesMapQueryVariables = Exact<{
  chainID?: string | null | undefined;
  tokens: Array<ContractTokenSupplyInput> | ContractTokenSupplyInput;
  includeMetadata: boolean;
}>;


export type GetTokenSuppliesMapQuery = { tokenSuppliesMap: Array<{ contractAddress: string, contractType: ContractType, supplies: Array<{ supply: string, chainId: number, tokenID: string, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null }> }> | null };

export type GetTransactionHistoryQueryVariables = Exact<{
  chainID?: string | null | undefined;
  filter: TransactionHistoryFilterInput;
  metadataOptions?: MetadataOptionsInput | null | undefined;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTransactionHistoryQuery = { transactionHistory: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { txnHash: string, blockNumber: number, blockHash: string, chainId: number, timestamp: string, transfers: Array<{ transferType: TransferType, contractAddress: string, contractType: ContractType, from: string, to: string, tokenIds: Array<string> | null, amounts: Array<string>, logIndex: number, internal: boolean, contractInfo: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> }> } }> } | null };

export type GetWebhookListenerQueryVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
  id: number;
}>;


export type GetWebhookListenerQuery = { webhookListener: { id: number, projectId: number, url: string, name: string, active: boolean, updatedAt: string, kinds: Array<WebhookKind>, disabledReason: string | null, filters: { events: Array<string>, contractAddresses: Array<string>, accounts: Array<string>, tokenIds: Array<string> } } | null };

export type ListTokenPricesQueryVariables = Exact<{
  chainID?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListTokenPricesQuery = { tokenPriceList: { pageSize: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ contractAddress: string, updatedAt: string | null, tokenID: string | null, priceUSD: string }> } | null };

export type PauseAllWebhookListenersMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
}>;


export type PauseAllWebhookListenersMutation = { pauseAllWebhookListeners: number | null };

export type PingQueryVariables = Exact<{ [key: string]: never; }>;


export type PingQuery = { ping: boolean };

export type RemoveAllWebhookListenersMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
}>;


export type RemoveAllWebhookListenersMutation = { removeAllWebhookListeners: number | null };

export type RemoveWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
  id: number;
}>;


export type RemoveWebhookListenerMutation = { removeWebhookListener: boolean | null };

export type ResumeAllWebhookListenersMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
}>;


export type ResumeAllWebhookListenersMutation = { resumeAllWebhookListeners: number | null };

export type RuntimeStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type RuntimeStatusQuery = { runtimeStatus: { healthOk: boolean, databaseOk: boolean, startTime: string, uptimeSeconds: number, version: string, commit: string, branch: string, chains: Array<{ chainId: number, name: string | null, nodeAnswers: boolean, errorReason: string | null, indexedBlock: number | null, headBlock: number | null, lag: number | null, percentIndexed: number | null, responseTime: { samples: number, average: number, p50: number, p95: number, p99: number } | null, progress: { updatedAt: string | null, nativeTransfers: boolean, internalTransfers: boolean, internalTransfersReason: string | null, endpoints: Array<{ url: string, state: EndpointState, inUse: boolean, head: number | null, failures: number, served: number, failed: number, traces: string | null }> } }> } | null };

export type SubscribeBalanceUpdatesSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  contractAddress: string;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeBalanceUpdatesSubscription = { balanceUpdates: { chainId: number, contractAddress: string, contractType: ContractType, accountAddress: string, balance: string, blockNumber: number, blockHash: string, cursor: string, tokenID: string | null } };

export type SubscribeEventsSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  filter: EventFilterInput;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeEventsSubscription = { events: { uid: string, type: EventLogType, chainId: number, blockNumber: number, blockHash: string, parentBlockHash: string, contractAddress: string, contractType: ContractType, txnHash: string, txnIndex: number, txnLogIndex: number, ts: string, cursor: string, txnInfo: { from: string, to: string, value: string }, rawLog: { address: string, topics: Array<string>, data: string }, event: { topicHash: string, eventSig: string, types: Array<string>, names: Array<string>, values: Array<string> } } };

export type SubscribeReceiptsSubscriptionVariables = Exact<{
  chainID?: string | null | undefined;
  filter?: TransactionFilterInput | null | undefined;
  fromBlock?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SubscribeReceiptsSubscription = { receipts: { txnHash: string, txnStatus: TransactionStatus, txnIndex: number, txnType: TransactionType, blockHash: string, blockNumber: number, gasUsed: string, effectiveGasPrice: string, from: string, to: string, final: boolean, reorged: boolean, cursor: string, logs: Array<{ contractAddress: string, topics: Array<string>, data: string, index: number }> } };

export type SyncBalanceMutationVariables = Exact<{
  chainID?: string | null | undefined;
  accountAddress: string;
  contractAddress: string;
  tokenID?: string | null | undefined;
}>;


export type SyncBalanceMutation = { syncBalance: { outcome: BalanceSyncOutcome } | null };

export type ToggleWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
  id: number;
}>;


export type ToggleWebhookListenerMutation = { toggleWebhookListener: { id: number, projectId: number, url: string, name: string, active: boolean, updatedAt: string, kinds: Array<WebhookKind>, disabledReason: string | null, filters: { events: Array<string>, contractAddresses: Array<string>, accounts: Array<string>, tokenIds: Array<string> } } | null };

export type UpdateWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  projectId?: number | null | undefined;
  id: number;
  url?: string | null | undefined;
  name?: string | null | undefined;
  filters?: EventFilterInput | null | undefined;
  kinds?: Array<WebhookKind> | WebhookKind | null | undefined;
  active?: boolean | null | undefined;
}>;


export type UpdateWebhookListenerMutation = { updateWebhookListener: { id: number } | null };

export type VersionQueryVariables = Exact<{ [key: string]: never; }>;


export type VersionQuery = { version: { version: string, commit: string, branch: string, schemaHash: string, startTime: string } };

export type GatewayGetBalanceUpdatesQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  contractAddress: string;
  lastBlockNumber?: number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetBalanceUpdatesQuery = { multiChainBalanceUpdates: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nodes: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, tokenID: string | null }> }> } | null };

export type GatewayGetChainsQueryVariables = Exact<{
  networkType?: NetworkType | null | undefined;
}>;


export type GatewayGetChainsQuery = { networks: Array<{ chainId: number, name: string | null, testnet: boolean }> | null };

export type GatewayGetNativeTokenBalanceQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  accountAddress: string;
}>;


export type GatewayGetNativeTokenBalanceQuery = { multiChainNativeBalances: Array<{ chainId: number, errorReason: string | null, balance: { chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null } | null }> | null };

export type GatewayGetTokenBalancesQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  accountAddress: string;
  contractAddress?: string | null | undefined;
  tokenID?: string | null | undefined;
  metadataOptions?: MetadataOptionsInput | null | undefined;
  includeCollectionTokens?: boolean | null | undefined;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetTokenBalancesQuery = { multiChainTokenBalances: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nodes: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null }> }> } | null };

export type GatewayGetTokenBalancesByContractQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  filter: TokenBalancesByContractFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetTokenBalancesByContractQuery = { multiChainTokenBalancesByContract: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nodes: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null }> }> } | null };

export type GatewayGetTokenBalancesDetailsQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  filter: TokenBalancesFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetTokenBalancesDetailsQuery = { multiChainTokenBalancesDetails: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null }>, nodes: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: { tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> } | null }> }> } | null };

export type GatewayGetTokenBalancesSummaryQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  filter: TokenBalancesFilterInput;
  omitMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetTokenBalancesSummaryQuery = { multiChainTokenBalancesSummary: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nativeBalances: Array<{ chainId: number, accountAddress: string, balance: string, errorReason: string | null, priceUSD: string | null, balanceUSD: string | null }>, nodes: Array<{ contractType: ContractType, contractAddress: string, accountAddress: string, balance: string, blockHash: string, blockNumber: number, chainId: number, uniqueCollectibles: string, isSummary: boolean, tokenID: string | null, priceUSD: string | null, balanceUSD: string | null, contractInfo?: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null }> }> } | null };

export type GatewayGetTokenPricesQueryVariables = Exact<{
  requests: Array<ChainTokenPricesInput> | ChainTokenPricesInput;
}>;


export type GatewayGetTokenPricesQuery = { multiChainTokenPrices: Array<{ chainId: number, prices: Array<{ contractAddress: string, updatedAt: string | null, tokenID: string | null, priceUSD: string }> }> | null };

export type GatewayGetTransactionHistoryQueryVariables = Exact<{
  chainIds?: Array<string> | string | null | undefined;
  networkType?: NetworkType | null | undefined;
  filter: TransactionHistoryFilterInput;
  metadataOptions?: MetadataOptionsInput | null | undefined;
  includeMetadata: boolean;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GatewayGetTransactionHistoryQuery = { multiChainTransactionHistory: { pageSize: number, hasNextPage: boolean, endCursor: string | null, chains: Array<{ chainId: number, errorReason: string | null, nodes: Array<{ txnHash: string, blockNumber: number, blockHash: string, chainId: number, timestamp: string, transfers: Array<{ transferType: TransferType, contractAddress: string, contractType: ContractType, from: string, to: string, tokenIds: Array<string> | null, amounts: Array<string>, logIndex: number, internal: boolean, contractInfo: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null, tokenMetadata?: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> }> }> }> } | null };

export type GetContractInfoQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type GetContractInfoQuery = { contractInfo: { chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null } | null };

export type GetContractInfoBatchQueryVariables = Exact<{
  chainID: string;
  contractAddresses: Array<string> | string;
}>;


export type GetContractInfoBatchQuery = { contractInfoBatch: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null }> | null };

export type GetTaskQueryVariables = Exact<{
  taskId: number;
}>;


export type GetTaskQuery = { metadataTask: { id: number, queue: string, status: MetadataTaskStatus, tries: number, runAt: string, lastRanAt: string | null, createdAt: string, payload: Array<string>, result: Array<string> } | null };

export type GetTaskStatusQueryVariables = Exact<{
  taskId: number;
}>;


export type GetTaskStatusQuery = { metadataTask: { status: MetadataTaskStatus } | null };

export type GetTokenDirectoryQueryVariables = Exact<{
  chainID?: string | null | undefined;
  includeTestnets?: boolean | null | undefined;
  onlyFeatured?: boolean | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type GetTokenDirectoryQuery = { tokenDirectory: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null, tokenDirectory: { featureIndex: number } | null }> } | null };

export type GetTokenDirectoryNetworksQueryVariables = Exact<{
  includeTestnets?: boolean | null | undefined;
  onlyFeatured?: boolean | null | undefined;
}>;


export type GetTokenDirectoryNetworksQuery = { tokenDirectoryNetworks: Array<{ chainId: number, name: string | null }> | null };

export type GetTokenMetadataQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
  tokenIDs: Array<string> | string;
}>;


export type GetTokenMetadataQuery = { tokenMetadata: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> | null };

export type GetTokenMetadataBatchQueryVariables = Exact<{
  chainID: string;
  contractTokenMap: Array<ContractTokenIdsInput> | ContractTokenIdsInput;
}>;


export type GetTokenMetadataBatchQuery = { tokenMetadataBatch: Array<{ contractAddress: string, tokenMetadata: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> }> | null };

export type GetTokenMetadataPropertyFiltersQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
  excludeProperties?: Array<string> | string | null | undefined;
  excludePropertyValues?: boolean | null | undefined;
}>;


export type GetTokenMetadataPropertyFiltersQuery = { tokenPropertyFilters: Array<{ name: string, type: TokenPropertyType, min: number | null, max: number | null, values: Array<string> | null }> | null };

export type RefreshContractInfoMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
}>;


export type RefreshContractInfoMutation = { queueContractInfoRefresh: { id: number } | null };

export type RefreshContractInfoBatchMutationVariables = Exact<{
  chainID: string;
  contractAddresses: Array<string> | string;
}>;


export type RefreshContractInfoBatchMutation = { queueContractInfoRefresh: { id: number } | null };

export type RefreshTokenMetadataMutationVariables = Exact<{
  chainID: string;
  contractAddress: string;
  tokenIDs?: Array<string> | string | null | undefined;
  newMints?: boolean | null | undefined;
}>;


export type RefreshTokenMetadataMutation = { queueTokenMetadataRefresh: { id: number } | null };

export type SearchContractInfoQueryVariables = Exact<{
  contractAddress: string;
}>;


export type SearchContractInfoQuery = { findContractInfo: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null }> | null };

export type SearchContractInfoBatchQueryVariables = Exact<{
  contractAddresses: Array<string> | string;
}>;


export type SearchContractInfoBatchQuery = { findContractInfoBatch: Array<{ address: string, contractInfo: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null }> }> | null };

export type SearchContractsQueryVariables = Exact<{
  q?: string | null | undefined;
  chainID?: string | null | undefined;
  chainIDs?: Array<string> | string | null | undefined;
  types?: Array<ContractType> | ContractType | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SearchContractsQuery = { searchContracts: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null }> } | null };

export type SearchMetadataQueryVariables = Exact<{
  q: string;
  chainID?: string | null | undefined;
  types?: Array<ContractType> | ContractType | null | undefined;
  excludeTokenMetadata: boolean;
}>;


export type SearchMetadataQuery = { searchContracts: { nodes: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null }> } | null, searchTokenMetadataByQuery?: { nodes: Array<{ chainId: number, contractAddress: string, tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> } | null };

export type SearchTokenDirectoryQueryVariables = Exact<{
  query: string;
  chainID?: string | null | undefined;
  includeTestnets?: boolean | null | undefined;
  onlyFeatured?: boolean | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SearchTokenDirectoryQuery = { searchTokenDirectory: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ chainId: number, address: string, name: string, type: ContractType, symbol: string, decimals: number | null, deployed: boolean, bytecodeHash: string, source: ContractInfoSource, status: ContractInfoStatus, updatedAt: string, logoURI: string | null, extensions: { link: string, description: string, ogImage: string, ogName: string, originChainId: number, originAddress: string, verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean }, override: { updatedAt: string } | null, tokenDirectory: { featureIndex: number } | null }> } | null };

export type SearchTokenMetadataQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
  filter?: TokenSearchFilterInput | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SearchTokenMetadataQuery = { searchTokenMetadata: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> } | null };

export type SearchTokenMetadataByQueryQueryVariables = Exact<{
  q: string;
  chainID?: string | null | undefined;
  contractAddress?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SearchTokenMetadataByQueryQuery = { searchTokenMetadataByQuery: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ chainId: number, contractAddress: string, tokenId: string, name: string, description: string, image: string, video: string, audio: string, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string, externalUrl: string, backgroundColor: string, animationUrl: string, decimals: number | null, updatedAt: string, source: TokenMetadataSource, status: TokenMetadataStatus, assets: Array<{ id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string }> }> } | null };

export type SearchTokenMetadataTokenIDsQueryVariables = Exact<{
  chainID: string;
  contractAddress: string;
  filter?: TokenSearchFilterInput | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type SearchTokenMetadataTokenIDsQuery = { searchTokenMetadata: { pageSize: number, pageInfo: { hasNextPage: boolean }, nodes: Array<{ tokenId: string }> } | null };

export type CollectionFieldsFragment = { id: number, projectId: number, private: boolean, tokenCount: number, createdAt: string, updatedAt: string, metadata: { name: string, description: string, image: string | null, externalLink: string | null, properties: Record<string, unknown> | null }, baseURIs: { contractMetadataURI: string, tokenMetadataURI: string } };

export type CollectionTokenFieldsFragment = { tokenId: string, name: string, description: string, image: string, video: string | null, audio: string | null, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, imageData: string | null, externalUrl: string | null, backgroundColor: string | null, animationUrl: string | null, decimals: number | null, updatedAt: string };

export type AssetFieldsFragment = { id: number, collectionId: number, metadataField: string, tokenId: string, url: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, updatedAt: string };

export type ContractCollectionFieldsFragment = { id: number, chainId: number, contractAddress: string, collectionId: number };

export type WebhookListenerFieldsFragment = { id: number, projectId: number, url: string, name: string, active: boolean, updatedAt: string, kinds: Array<WebhookKind>, disabledReason: string | null, filters: { events: Array<string>, contractAddresses: Array<string>, accounts: Array<string>, tokenIds: Array<string> } };
