/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** What to set on a key; absent fields keep their value. */
export type AccessKeyInput = {
  /** Make it the project’s default key (the previous default stops being it). */
  isDefault?: boolean | null | undefined;
  /** Its own ceiling on a GraphQL request’s cost, up to 10,000,000; 0 returns it to the server’s. */
  maxQueryCost?: number | null | undefined;
  /** A label, at most 100 characters. */
  name?: string | null | undefined;
  /** Allowed browser origins such as `https://app.example.com` (at most 50); an empty list allows any. */
  origins?: Array<string> | null | undefined;
  /** Its own quota in requests per calendar month (UTC), up to 2,000,000,000; 0 returns it to the server’s. */
  requestsPerMonth?: number | null | undefined;
  /** Its own rate in requests per second, up to 1,000,000; 0 returns it to the server’s. */
  requestsPerSecond?: number | null | undefined;
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

/** Absent fields keep their value; an empty string clears verifiedBy or logoUri. */
export type ContractFlagsInput = {
  /** True leaves the contract out of searches and of verified or unverified contract selections. */
  blacklist?: boolean | null | undefined;
  /** True lists the contract first in searches. */
  featured?: boolean | null | undefined;
  /** Logo image URL shown for the contract. */
  logoUri?: string | null | undefined;
  /** Whether the operator vouches for the contract. */
  verified?: boolean | null | undefined;
  /** Who verified it, free text of at most 200 characters. */
  verifiedBy?: string | null | undefined;
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

/** A contract’s spam verdict; `reasons` says why. */
export type SpamVerdict =
  /** No reason holds, or the operator verified it or the token directory lists it (these win over the rules). */
  | 'OK'
  /** Blacklisted by the operator, or its text carries a link (a scheme or www.) or bait, or two different reasons hold. */
  | 'SPAM'
  /** One reason short of spam: a bare web host in its text, lookalike letters, or a listed token’s symbol or name on another address. */
  | 'SUSPECT'
  /** No code at the address, or not readable as a token. */
  | 'UNKNOWN';

/** How caching one media file of a token went. */
export type TokenMediaStatus =
  /** Not cached; error says why, retryAt when it is tried again (null: it is not). */
  | 'FAILED'
  /** Waiting to be fetched (or, after a failure, for its retry). */
  | 'QUEUED'
  /** Stored and served by Strata: see file. */
  | 'READY'
  /** Being fetched and processed. */
  | 'RUNNING';

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

/** How a transfer relates to the accounts asked about. */
export type TransferType =
  /** To one of the accounts asked about. */
  | 'RECEIVE'
  /** From one of the accounts asked about (a self-transfer too). */
  | 'SEND'
  /** No account was asked about. */
  | 'UNKNOWN';

/** Why a spam verdict was given. */
export type VerdictReasonCode =
  /** Its text asks holders to act (“claim”, “visit”, “redeem”). */
  | 'BAIT_WORDS'
  /** Its name or symbol mixes Latin with Cyrillic or Greek lookalike letters. */
  | 'CONFUSABLE_CHARACTERS'
  /** A token the directory lists on the same chain has its symbol or name. */
  | 'IMPERSONATION'
  /** Every transfer comes from the account it was minted to, to 10 or more accounts that never moved it. */
  | 'ONE_SENDER_TO_FRESH_ACCOUNTS'
  /** The operator blacklisted it (`setContractFlags`); wins over every rule. */
  | 'OPERATOR_BLACKLIST'
  /** Its website (contractURI `external_link`) is written as phishing pages are: a punycode or IP host, a link shortener, a user name before the host, a non-web scheme, or “claim”, “airdrop”, “reward” in the host. */
  | 'PHISHING_LINK'
  /** One transaction sent it to 10 or more accounts that never held or moved it. */
  | 'UNSOLICITED_AIRDROP'
  /** Its name, symbol or contractURI text carries a link or a web host. */
  | 'URL_IN_TEXT';

/** What a bearer token grants. */
export type ViewerRole =
  /** The server’s ADMIN_TOKEN: every project, operator flags, chain status. */
  | 'OPERATOR'
  /** One project’s bearer token: its access keys, collections and assets. */
  | 'PROJECT';

/** Where the indexing of a named contract stands. */
export type WatchedContractState =
  /** Catching up on its own, while the chain follows the head. */
  | 'BACKFILLING'
  /** Cannot be indexed (see error). */
  | 'FAILED'
  /** Followed with the head. */
  | 'LIVE'
  /** Added; its start block is being found. */
  | 'PENDING'
  /** No longer indexed; its data stays until `strata chain prune`. */
  | 'REMOVED';

/** Where a delivery is. */
export type WebhookDeliveryStatus =
  /** Attempts exhausted: delivery gave up and disabled the listener. */
  | 'DEAD'
  /** The receiver answered 2xx. */
  | 'DELIVERED'
  /** Not attempted yet, or waiting behind the listener’s earlier deliveries. */
  | 'PENDING'
  /** Attempted and failed; tried again at `nextAttemptAt`. */
  | 'RETRYING';

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

/** A listener’s URL, name, filters and kinds; on update, absent fields keep their value. */
export type WebhookListenerInput = {
  /** The subscriptions’ event filter: `contractAddresses` or `accounts` is required. */
  filters?: EventFilterInput | null | undefined;
  /** What the listener receives; EVENTS when absent on add. */
  kinds?: Array<WebhookKind> | null | undefined;
  /** A name for people; empty when absent. */
  name?: string | null | undefined;
  /** Where deliveries are POSTed: http(s), not a loopback, private or metadata address unless WEBHOOK_ALLOW_HOSTS names it. Required on add. */
  url?: string | null | undefined;
};

export type ConsoleBearerTokensQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleBearerTokensQuery = { bearerTokens: Array<{ id: string, label: string, createdAt: string, expiresAt: string | null, revokedAt: string | null }> | null };

export type ConsoleIssueBearerTokenMutationVariables = Exact<{
  label?: string | null | undefined;
  days?: number | null | undefined;
}>;


export type ConsoleIssueBearerTokenMutation = { issueBearerToken: { token: string, bearerToken: { id: string } } | null };

export type ConsoleRevokeBearerTokenMutationVariables = Exact<{
  id: string;
}>;


export type ConsoleRevokeBearerTokenMutation = { revokeBearerToken: boolean | null };

export type ConsoleChainPaceQueryVariables = Exact<{
  chainId: string;
  hours?: number | null | undefined;
}>;


export type ConsoleChainPaceQuery = { chainPace: Array<{ sampledAt: string, indexedBlock: number, headBlock: number, lag: number, eventsIndexed: number, blocksPerSecond: number | null, eventsPerSecond: number | null }> | null };

export type ConsoleContractMediaQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleContractMediaQuery = { contractMedia: { queued: number, running: number, ready: number, failed: number, failures: Array<{ tokenId: string | null, media: { field: string, originalUrl: string, error: string | null, retryAt: string | null } }> } | null };

export type ConsoleTokenMediaQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
  tokenId: string;
}>;


export type ConsoleTokenMediaQuery = { tokenMedia: { tokenId: string, name: string, status: TokenMetadataStatus, media: Array<{ field: string, originalUrl: string, status: TokenMediaStatus, error: string | null, retryAt: string | null, file: { url: string, mimeType: string, filesize: number, width: number | null, height: number | null, frames: number, thumbnails: Array<{ size: number, url: string, width: number, height: number }> } | null }> } | null };

export type ConsoleContractInfoOverrideQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleContractInfoOverrideQuery = { contractInfoOverride: { name: string | null, symbol: string | null, logoUri: string | null, updatedAt: string, extensions: { description: string | null } } | null };

export type ConsoleAddContractInfoOverrideMutationVariables = Exact<{
  chainId: string;
  contractAddress: string;
  override: ContractInfoOverrideInput;
}>;


export type ConsoleAddContractInfoOverrideMutation = { addContractInfoOverride: { updatedAt: string } | null };

export type ConsoleUpdateContractInfoOverrideMutationVariables = Exact<{
  chainId: string;
  contractAddress: string;
  override: ContractInfoOverrideInput;
}>;


export type ConsoleUpdateContractInfoOverrideMutation = { updateContractInfoOverride: { updatedAt: string } | null };

export type ConsoleRemoveContractInfoOverrideMutationVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleRemoveContractInfoOverrideMutation = { removeContractInfoOverride: boolean | null };

export type ConsoleContractSummaryQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleContractSummaryQuery = { token: { supply: string | null, holdersCount: number, holders: { nodes: Array<{ accountAddress: string, balance: string, tokenCount: number }> } } | null };

export type ConsoleWebhookDeliveryHoursQueryVariables = Exact<{
  chainId?: string | null | undefined;
  listenerId: number;
}>;


export type ConsoleWebhookDeliveryHoursQuery = { webhookDeliveryHours: Array<{ start: string, delivered: number, waiting: number, dead: number, averageLatencyMs: number | null, maxLatencyMs: number | null }> | null };

export type ConsoleAccessKeyUsageQueryVariables = Exact<{
  id: number;
}>;


export type ConsoleAccessKeyUsageQuery = { accessKeyUsage: Array<{ day: string, requests: number, refused: number }> | null };

export type ConsoleLinkContractMutationVariables = Exact<{
  collectionId: number;
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleLinkContractMutation = { linkCollectionContract: { contractAddress: string } | null };

export type ConsoleUnlinkContractMutationVariables = Exact<{
  collectionId: number;
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleUnlinkContractMutation = { unlinkCollectionContract: boolean | null };

export type ConsoleQueueContractInfoRefreshMutationVariables = Exact<{
  chainId: string;
  contractAddresses: Array<string> | string;
}>;


export type ConsoleQueueContractInfoRefreshMutation = { queueContractInfoRefresh: { id: number, status: MetadataTaskStatus, error: string | null, result: Array<string> } | null };

export type ConsoleQueueTokenMetadataRefreshMutationVariables = Exact<{
  chainId: string;
  contractAddress: string;
  tokenIds?: Array<string> | string | null | undefined;
}>;


export type ConsoleQueueTokenMetadataRefreshMutation = { queueTokenMetadataRefresh: { id: number, status: MetadataTaskStatus, error: string | null, result: Array<string> } | null };

export type ConsoleMetadataTaskQueryVariables = Exact<{
  id: number;
}>;


export type ConsoleMetadataTaskQuery = { metadataTask: { id: number, status: MetadataTaskStatus, error: string | null, result: Array<string> } | null };

export type ConsoleProjectUsageQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleProjectUsageQuery = { projectUsage: Array<{ day: string, requests: number, refused: number }> | null };

export type ConsoleTokenPropertyFiltersQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleTokenPropertyFiltersQuery = { tokenPropertyFilters: Array<{ name: string, type: TokenPropertyType, values: Array<string> | null }> | null };

export type ConsoleSearchTokenMetadataQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
  filter?: TokenSearchFilterInput | null | undefined;
  after?: string | null | undefined;
}>;


export type ConsoleSearchTokenMetadataQuery = { searchTokenMetadata: { totalCount: number, nodes: Array<{ tokenId: string, name: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null };

export type ConsoleAccessKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleAccessKeysQuery = { accessKeys: Array<{ id: number, name: string, hint: string, isDefault: boolean, origins: Array<string>, createdAt: string, requestsPerSecond: number | null, requestsPerMonth: number | null, maxQueryCost: number | null }> | null };

export type ConsoleCreateAccessKeyMutationVariables = Exact<{
  input?: AccessKeyInput | null | undefined;
}>;


export type ConsoleCreateAccessKeyMutation = { createAccessKey: { key: string, accessKey: { id: number } } | null };

export type ConsoleUpdateAccessKeyMutationVariables = Exact<{
  id: number;
  input: AccessKeyInput;
}>;


export type ConsoleUpdateAccessKeyMutation = { updateAccessKey: { id: number } | null };

export type ConsoleRotateAccessKeyMutationVariables = Exact<{
  id: number;
}>;


export type ConsoleRotateAccessKeyMutation = { rotateAccessKey: { key: string } | null };

export type ConsoleRevokeAccessKeyMutationVariables = Exact<{
  id: number;
}>;


export type ConsoleRevokeAccessKeyMutation = { revokeAccessKey: boolean | null };

export type ConsoleChainsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleChainsQuery = { chains: Array<{ chainId: number, name: string | null, indexedBlock: number | null, headBlock: number | null, finalizedBlock: number | null, lag: number | null, eventsIndexed: number, updatedAt: string | null, endpoints: Array<{ url: string, state: EndpointState, inUse: boolean, head: number | null, failures: number, served: number, failed: number }>, contracts: Array<{ address: string, state: WatchedContractState, percent: number | null, etaSeconds: number | null, error: string | null }> }> | null };

export type ConsoleCollectionQueryVariables = Exact<{
  collectionId: number;
  after?: string | null | undefined;
}>;


export type ConsoleCollectionQuery = { collection: { id: number, private: boolean, metadata: { name: string, description: string, externalLink: string | null, image: string | null, properties: Record<string, unknown> | null }, baseUris: { contractMetadataUri: string, tokenMetadataUri: string }, linkedContracts: Array<{ chainId: number, contractAddress: string }>, tokens: { totalCount: number, nodes: Array<{ tokenId: string, name: string, image: string, private: boolean }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type ConsoleUpdateCollectionMutationVariables = Exact<{
  collectionId: number;
  input: CollectionInput;
}>;


export type ConsoleUpdateCollectionMutation = { updateCollection: { id: number } | null };

export type ConsoleDeleteCollectionMutationVariables = Exact<{
  collectionId: number;
}>;


export type ConsoleDeleteCollectionMutation = { deleteCollection: boolean | null };

export type ConsoleCreateTokenMutationVariables = Exact<{
  collectionId: number;
  token: TokenMetadataInput;
}>;


export type ConsoleCreateTokenMutation = { createCollectionToken: { tokenId: string } | null };

export type ConsoleCollectionsQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type ConsoleCollectionsQuery = { collections: { totalCount: number, nodes: Array<{ id: number, private: boolean, tokenCount: number, metadata: { name: string, description: string, image: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null };

export type ConsoleCreateCollectionMutationVariables = Exact<{
  input: CollectionInput;
}>;


export type ConsoleCreateCollectionMutation = { createCollection: { id: number } | null };

export type ConsoleSearchContractsQueryVariables = Exact<{
  q: string;
}>;


export type ConsoleSearchContractsQuery = { searchContracts: { nodes: Array<{ chainId: number, address: string, name: string, symbol: string, type: ContractType }> } | null };

export type ConsoleContractInfoQueryVariables = Exact<{
  chainId: string;
  contractAddress: string;
}>;


export type ConsoleContractInfoQuery = { contractInfo: { chainId: number, address: string, name: string, symbol: string, type: ContractType, logoUri: string | null, extensions: { verified: boolean, verifiedBy: string | null, blacklist: boolean, featured: boolean } } | null };

export type ConsoleSetContractFlagsMutationVariables = Exact<{
  chainId: string;
  contractAddress: string;
  flags: ContractFlagsInput;
}>;


export type ConsoleSetContractFlagsMutation = { setContractFlags: { address: string } | null };

export type ConsoleProjectsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleProjectsQuery = { projects: Array<{ id: number, name: string, createdAt: string }> | null };

export type ConsoleCreateProjectMutationVariables = Exact<{
  name: string;
}>;


export type ConsoleCreateProjectMutation = { createProject: { projectId: number, key: string, bearerToken: string } | null };

export type ConsoleOpenProjectMutationVariables = Exact<{
  projectId: number;
}>;


export type ConsoleOpenProjectMutation = { openProject: { projectId: number, bearerToken: string } | null };

export type ConsoleRenameProjectMutationVariables = Exact<{
  projectId: number;
  name: string;
}>;


export type ConsoleRenameProjectMutation = { renameProject: { id: number } | null };

export type ConsoleDeleteProjectMutationVariables = Exact<{
  projectId: number;
}>;


export type ConsoleDeleteProjectMutation = { deleteProject: boolean | null };

export type ConsoleTokenQueryVariables = Exact<{
  collectionId: number;
  tokenId: string;
}>;


export type ConsoleTokenQuery = { collection: { metadata: { name: string }, baseUris: { tokenMetadataUri: string } } | null, collectionToken: { tokenId: string, name: string, description: string, externalUrl: string | null, image: string, private: boolean, properties: Record<string, unknown> | null, attributes: Array<Record<string, unknown>> | null, assets: Array<{ id: number, metadataField: string, filename: string, filesize: number, mimeType: string, width: number | null, height: number | null, url: string }> } | null };

export type ConsoleUpdateTokenMutationVariables = Exact<{
  collectionId: number;
  tokenId: string;
  token: TokenMetadataInput;
  private?: boolean | null | undefined;
}>;


export type ConsoleUpdateTokenMutation = { updateCollectionToken: { tokenId: string } | null };

export type ConsoleUploadAssetMutationVariables = Exact<{
  collectionId: number;
  tokenId: string;
  metadataField: string;
  file: File;
}>;


export type ConsoleUploadAssetMutation = { uploadCollectionAsset: { id: number, url: string, width: number | null, height: number | null } | null };

export type ConsoleDeleteTokenMutationVariables = Exact<{
  collectionId: number;
  tokenId: string;
}>;


export type ConsoleDeleteTokenMutation = { deleteCollectionToken: boolean | null };

export type ConsoleWalletPortfolioQueryVariables = Exact<{
  walletAddress: string;
  contractStatus?: ContractVerificationStatus | null | undefined;
  after?: string | null | undefined;
}>;


export type ConsoleWalletPortfolioQuery = { projectPortfolio: { parentWalletAddress: string, walletAddresses: Array<string>, chains: Array<{ chainId: number, errorReason: string | null, nativeTotal: string | null, truncated: boolean }>, holdings: Array<{ chainId: number, contractAddress: string, contractType: ContractType, tokenId: string | null, balance: string, walletCount: number, tokenMetadata: { media: Array<{ field: string, file: { thumbnails: Array<{ size: number, url: string }> } | null }> } | null, contractInfo: { name: string, symbol: string, decimals: number | null, verdict: { verdict: SpamVerdict, reasons: Array<{ code: VerdictReasonCode }> } } | null }>, history: { endCursor: string | null, transactions: Array<{ chainId: number, txnHash: string, timestamp: string, transfers: Array<{ transferType: TransferType, contractAddress: string, from: string, to: string, amounts: Array<string>, tokenIds: Array<string> | null }> }> } } | null };

export type ConsoleWebhookChainsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleWebhookChainsQuery = { chains: Array<{ chainId: number, name: string | null }> | null };

export type ConsoleWebhookListenersQueryVariables = Exact<{
  chainId?: string | null | undefined;
}>;


export type ConsoleWebhookListenersQuery = { webhookListeners: Array<{ id: number, url: string, name: string, active: boolean, disabledReason: string | null, kinds: Array<WebhookKind>, createdAt: string, filters: { contractAddresses: Array<string>, accounts: Array<string>, events: Array<string>, tokenIds: Array<string> } }> | null };

export type ConsoleAddWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  input: WebhookListenerInput;
}>;


export type ConsoleAddWebhookListenerMutation = { addWebhookListener: { secret: string, listener: { id: number } } | null };

export type ConsoleToggleWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  id: number;
}>;


export type ConsoleToggleWebhookListenerMutation = { toggleWebhookListener: { id: number, active: boolean } | null };

export type ConsoleRemoveWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  id: number;
}>;


export type ConsoleRemoveWebhookListenerMutation = { removeWebhookListener: boolean | null };

export type ConsoleWebhookDeliveriesQueryVariables = Exact<{
  chainId?: string | null | undefined;
  listenerId: number;
}>;


export type ConsoleWebhookDeliveriesQuery = { webhookDeliveries: { totalCount: number, nodes: Array<{ webhookId: string, status: WebhookDeliveryStatus, attempts: number, lastError: string | null, lastStatus: number | null, latencyMs: number | null, firstBlock: number, lastBlock: number, eventCount: number, createdAt: string, deliveredAt: string | null, nextAttemptAt: string | null }> } | null };

export type ConsoleReplayWebhookListenerMutationVariables = Exact<{
  chainId?: string | null | undefined;
  listenerId: number;
  fromBlock: number;
}>;


export type ConsoleReplayWebhookListenerMutation = { replayWebhookListener: number | null };

export type ConsoleViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleViewerQuery = { viewer: { role: ViewerRole, projectId: number | null } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const ConsoleBearerTokensDocument = new TypedDocumentString(`
    query ConsoleBearerTokens {
  bearerTokens {
    id
    label
    createdAt
    expiresAt
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleBearerTokensQuery, ConsoleBearerTokensQueryVariables>;
export const ConsoleIssueBearerTokenDocument = new TypedDocumentString(`
    mutation ConsoleIssueBearerToken($label: String, $days: Int) {
  issueBearerToken(label: $label, days: $days) {
    token
    bearerToken {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleIssueBearerTokenMutation, ConsoleIssueBearerTokenMutationVariables>;
export const ConsoleRevokeBearerTokenDocument = new TypedDocumentString(`
    mutation ConsoleRevokeBearerToken($id: String!) {
  revokeBearerToken(id: $id)
}
    `) as unknown as TypedDocumentString<ConsoleRevokeBearerTokenMutation, ConsoleRevokeBearerTokenMutationVariables>;
export const ConsoleChainPaceDocument = new TypedDocumentString(`
    query ConsoleChainPace($chainId: String!, $hours: Int) {
  chainPace(chainId: $chainId, hours: $hours) {
    sampledAt
    indexedBlock
    headBlock
    lag
    eventsIndexed
    blocksPerSecond
    eventsPerSecond
  }
}
    `) as unknown as TypedDocumentString<ConsoleChainPaceQuery, ConsoleChainPaceQueryVariables>;
export const ConsoleContractMediaDocument = new TypedDocumentString(`
    query ConsoleContractMedia($chainId: String!, $contractAddress: String!) {
  contractMedia(chainId: $chainId, contractAddress: $contractAddress) {
    queued
    running
    ready
    failed
    failures {
      tokenId
      media {
        field
        originalUrl
        error
        retryAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleContractMediaQuery, ConsoleContractMediaQueryVariables>;
export const ConsoleTokenMediaDocument = new TypedDocumentString(`
    query ConsoleTokenMedia($chainId: String!, $contractAddress: String!, $tokenId: BigInt!) {
  tokenMedia(
    chainId: $chainId
    contractAddress: $contractAddress
    tokenId: $tokenId
  ) {
    tokenId
    name
    status
    media {
      field
      originalUrl
      status
      error
      retryAt
      file {
        url
        mimeType
        filesize
        width
        height
        frames
        thumbnails {
          size
          url
          width
          height
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleTokenMediaQuery, ConsoleTokenMediaQueryVariables>;
export const ConsoleContractInfoOverrideDocument = new TypedDocumentString(`
    query ConsoleContractInfoOverride($chainId: String!, $contractAddress: String!) {
  contractInfoOverride(chainId: $chainId, contractAddress: $contractAddress) {
    name
    symbol
    logoUri
    extensions {
      description
    }
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleContractInfoOverrideQuery, ConsoleContractInfoOverrideQueryVariables>;
export const ConsoleAddContractInfoOverrideDocument = new TypedDocumentString(`
    mutation ConsoleAddContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {
  addContractInfoOverride(
    chainId: $chainId
    contractAddress: $contractAddress
    override: $override
  ) {
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleAddContractInfoOverrideMutation, ConsoleAddContractInfoOverrideMutationVariables>;
export const ConsoleUpdateContractInfoOverrideDocument = new TypedDocumentString(`
    mutation ConsoleUpdateContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {
  updateContractInfoOverride(
    chainId: $chainId
    contractAddress: $contractAddress
    override: $override
  ) {
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleUpdateContractInfoOverrideMutation, ConsoleUpdateContractInfoOverrideMutationVariables>;
export const ConsoleRemoveContractInfoOverrideDocument = new TypedDocumentString(`
    mutation ConsoleRemoveContractInfoOverride($chainId: String!, $contractAddress: String!) {
  removeContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress)
}
    `) as unknown as TypedDocumentString<ConsoleRemoveContractInfoOverrideMutation, ConsoleRemoveContractInfoOverrideMutationVariables>;
export const ConsoleContractSummaryDocument = new TypedDocumentString(`
    query ConsoleContractSummary($chainId: String!, $contractAddress: String!) {
  token(chainId: $chainId, contractAddress: $contractAddress) {
    supply
    holdersCount
    holders(first: 5) {
      nodes {
        accountAddress
        balance
        tokenCount
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleContractSummaryQuery, ConsoleContractSummaryQueryVariables>;
export const ConsoleWebhookDeliveryHoursDocument = new TypedDocumentString(`
    query ConsoleWebhookDeliveryHours($chainId: String, $listenerId: Int!) {
  webhookDeliveryHours(chainId: $chainId, listenerId: $listenerId, hours: 24) {
    start
    delivered
    waiting
    dead
    averageLatencyMs
    maxLatencyMs
  }
}
    `) as unknown as TypedDocumentString<ConsoleWebhookDeliveryHoursQuery, ConsoleWebhookDeliveryHoursQueryVariables>;
export const ConsoleAccessKeyUsageDocument = new TypedDocumentString(`
    query ConsoleAccessKeyUsage($id: Int!) {
  accessKeyUsage(id: $id) {
    day
    requests
    refused
  }
}
    `) as unknown as TypedDocumentString<ConsoleAccessKeyUsageQuery, ConsoleAccessKeyUsageQueryVariables>;
export const ConsoleLinkContractDocument = new TypedDocumentString(`
    mutation ConsoleLinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {
  linkCollectionContract(
    collectionId: $collectionId
    chainId: $chainId
    contractAddress: $contractAddress
  ) {
    contractAddress
  }
}
    `) as unknown as TypedDocumentString<ConsoleLinkContractMutation, ConsoleLinkContractMutationVariables>;
export const ConsoleUnlinkContractDocument = new TypedDocumentString(`
    mutation ConsoleUnlinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {
  unlinkCollectionContract(
    collectionId: $collectionId
    chainId: $chainId
    contractAddress: $contractAddress
  )
}
    `) as unknown as TypedDocumentString<ConsoleUnlinkContractMutation, ConsoleUnlinkContractMutationVariables>;
export const ConsoleQueueContractInfoRefreshDocument = new TypedDocumentString(`
    mutation ConsoleQueueContractInfoRefresh($chainId: String!, $contractAddresses: [String!]!) {
  queueContractInfoRefresh(
    chainId: $chainId
    contractAddresses: $contractAddresses
  ) {
    id
    status
    error
    result
  }
}
    `) as unknown as TypedDocumentString<ConsoleQueueContractInfoRefreshMutation, ConsoleQueueContractInfoRefreshMutationVariables>;
export const ConsoleQueueTokenMetadataRefreshDocument = new TypedDocumentString(`
    mutation ConsoleQueueTokenMetadataRefresh($chainId: String!, $contractAddress: String!, $tokenIds: [BigInt!]) {
  queueTokenMetadataRefresh(
    chainId: $chainId
    contractAddress: $contractAddress
    tokenIds: $tokenIds
  ) {
    id
    status
    error
    result
  }
}
    `) as unknown as TypedDocumentString<ConsoleQueueTokenMetadataRefreshMutation, ConsoleQueueTokenMetadataRefreshMutationVariables>;
export const ConsoleMetadataTaskDocument = new TypedDocumentString(`
    query ConsoleMetadataTask($id: Int!) {
  metadataTask(id: $id) {
    id
    status
    error
    result
  }
}
    `) as unknown as TypedDocumentString<ConsoleMetadataTaskQuery, ConsoleMetadataTaskQueryVariables>;
export const ConsoleProjectUsageDocument = new TypedDocumentString(`
    query ConsoleProjectUsage {
  projectUsage {
    day
    requests
    refused
  }
}
    `) as unknown as TypedDocumentString<ConsoleProjectUsageQuery, ConsoleProjectUsageQueryVariables>;
export const ConsoleTokenPropertyFiltersDocument = new TypedDocumentString(`
    query ConsoleTokenPropertyFilters($chainId: String!, $contractAddress: String!) {
  tokenPropertyFilters(chainId: $chainId, contractAddress: $contractAddress) {
    name
    type
    values
  }
}
    `) as unknown as TypedDocumentString<ConsoleTokenPropertyFiltersQuery, ConsoleTokenPropertyFiltersQueryVariables>;
export const ConsoleSearchTokenMetadataDocument = new TypedDocumentString(`
    query ConsoleSearchTokenMetadata($chainId: String!, $contractAddress: String!, $filter: TokenSearchFilterInput, $after: String) {
  searchTokenMetadata(
    chainId: $chainId
    contractAddress: $contractAddress
    filter: $filter
    first: 50
    after: $after
  ) {
    totalCount
    nodes {
      tokenId
      name
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleSearchTokenMetadataQuery, ConsoleSearchTokenMetadataQueryVariables>;
export const ConsoleAccessKeysDocument = new TypedDocumentString(`
    query ConsoleAccessKeys {
  accessKeys {
    id
    name
    hint
    isDefault
    origins
    createdAt
    requestsPerSecond
    requestsPerMonth
    maxQueryCost
  }
}
    `) as unknown as TypedDocumentString<ConsoleAccessKeysQuery, ConsoleAccessKeysQueryVariables>;
export const ConsoleCreateAccessKeyDocument = new TypedDocumentString(`
    mutation ConsoleCreateAccessKey($input: AccessKeyInput) {
  createAccessKey(input: $input) {
    key
    accessKey {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateAccessKeyMutation, ConsoleCreateAccessKeyMutationVariables>;
export const ConsoleUpdateAccessKeyDocument = new TypedDocumentString(`
    mutation ConsoleUpdateAccessKey($id: Int!, $input: AccessKeyInput!) {
  updateAccessKey(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleUpdateAccessKeyMutation, ConsoleUpdateAccessKeyMutationVariables>;
export const ConsoleRotateAccessKeyDocument = new TypedDocumentString(`
    mutation ConsoleRotateAccessKey($id: Int!) {
  rotateAccessKey(id: $id) {
    key
  }
}
    `) as unknown as TypedDocumentString<ConsoleRotateAccessKeyMutation, ConsoleRotateAccessKeyMutationVariables>;
export const ConsoleRevokeAccessKeyDocument = new TypedDocumentString(`
    mutation ConsoleRevokeAccessKey($id: Int!) {
  revokeAccessKey(id: $id)
}
    `) as unknown as TypedDocumentString<ConsoleRevokeAccessKeyMutation, ConsoleRevokeAccessKeyMutationVariables>;
export const ConsoleChainsDocument = new TypedDocumentString(`
    query ConsoleChains {
  chains {
    chainId
    name
    indexedBlock
    headBlock
    finalizedBlock
    lag
    eventsIndexed
    updatedAt
    endpoints {
      url
      state
      inUse
      head
      failures
      served
      failed
    }
    contracts {
      address
      state
      percent
      etaSeconds
      error
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleChainsQuery, ConsoleChainsQueryVariables>;
export const ConsoleCollectionDocument = new TypedDocumentString(`
    query ConsoleCollection($collectionId: Int!, $after: String) {
  collection(collectionId: $collectionId) {
    id
    private
    metadata {
      name
      description
      externalLink
      image
      properties
    }
    baseUris {
      contractMetadataUri
      tokenMetadataUri
    }
    linkedContracts {
      chainId
      contractAddress
    }
    tokens(first: 50, after: $after) {
      totalCount
      nodes {
        tokenId
        name
        image
        private
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleCollectionQuery, ConsoleCollectionQueryVariables>;
export const ConsoleUpdateCollectionDocument = new TypedDocumentString(`
    mutation ConsoleUpdateCollection($collectionId: Int!, $input: CollectionInput!) {
  updateCollection(collectionId: $collectionId, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleUpdateCollectionMutation, ConsoleUpdateCollectionMutationVariables>;
export const ConsoleDeleteCollectionDocument = new TypedDocumentString(`
    mutation ConsoleDeleteCollection($collectionId: Int!) {
  deleteCollection(collectionId: $collectionId)
}
    `) as unknown as TypedDocumentString<ConsoleDeleteCollectionMutation, ConsoleDeleteCollectionMutationVariables>;
export const ConsoleCreateTokenDocument = new TypedDocumentString(`
    mutation ConsoleCreateToken($collectionId: Int!, $token: TokenMetadataInput!) {
  createCollectionToken(collectionId: $collectionId, token: $token) {
    tokenId
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateTokenMutation, ConsoleCreateTokenMutationVariables>;
export const ConsoleCollectionsDocument = new TypedDocumentString(`
    query ConsoleCollections($after: String) {
  collections(first: 100, after: $after) {
    totalCount
    nodes {
      id
      private
      tokenCount
      metadata {
        name
        description
        image
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleCollectionsQuery, ConsoleCollectionsQueryVariables>;
export const ConsoleCreateCollectionDocument = new TypedDocumentString(`
    mutation ConsoleCreateCollection($input: CollectionInput!) {
  createCollection(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateCollectionMutation, ConsoleCreateCollectionMutationVariables>;
export const ConsoleSearchContractsDocument = new TypedDocumentString(`
    query ConsoleSearchContracts($q: String!) {
  searchContracts(q: $q, first: 20) {
    nodes {
      chainId
      address
      name
      symbol
      type
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleSearchContractsQuery, ConsoleSearchContractsQueryVariables>;
export const ConsoleContractInfoDocument = new TypedDocumentString(`
    query ConsoleContractInfo($chainId: String!, $contractAddress: String!) {
  contractInfo(chainId: $chainId, contractAddress: $contractAddress) {
    chainId
    address
    name
    symbol
    type
    logoUri
    extensions {
      verified
      verifiedBy
      blacklist
      featured
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleContractInfoQuery, ConsoleContractInfoQueryVariables>;
export const ConsoleSetContractFlagsDocument = new TypedDocumentString(`
    mutation ConsoleSetContractFlags($chainId: String!, $contractAddress: String!, $flags: ContractFlagsInput!) {
  setContractFlags(
    chainId: $chainId
    contractAddress: $contractAddress
    flags: $flags
  ) {
    address
  }
}
    `) as unknown as TypedDocumentString<ConsoleSetContractFlagsMutation, ConsoleSetContractFlagsMutationVariables>;
export const ConsoleProjectsDocument = new TypedDocumentString(`
    query ConsoleProjects {
  projects {
    id
    name
    createdAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleProjectsQuery, ConsoleProjectsQueryVariables>;
export const ConsoleCreateProjectDocument = new TypedDocumentString(`
    mutation ConsoleCreateProject($name: String!) {
  createProject(name: $name) {
    projectId
    key
    bearerToken
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateProjectMutation, ConsoleCreateProjectMutationVariables>;
export const ConsoleOpenProjectDocument = new TypedDocumentString(`
    mutation ConsoleOpenProject($projectId: Int!) {
  openProject(projectId: $projectId) {
    projectId
    bearerToken
  }
}
    `) as unknown as TypedDocumentString<ConsoleOpenProjectMutation, ConsoleOpenProjectMutationVariables>;
export const ConsoleRenameProjectDocument = new TypedDocumentString(`
    mutation ConsoleRenameProject($projectId: Int!, $name: String!) {
  renameProject(projectId: $projectId, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleRenameProjectMutation, ConsoleRenameProjectMutationVariables>;
export const ConsoleDeleteProjectDocument = new TypedDocumentString(`
    mutation ConsoleDeleteProject($projectId: Int!) {
  deleteProject(projectId: $projectId)
}
    `) as unknown as TypedDocumentString<ConsoleDeleteProjectMutation, ConsoleDeleteProjectMutationVariables>;
export const ConsoleTokenDocument = new TypedDocumentString(`
    query ConsoleToken($collectionId: Int!, $tokenId: BigInt!) {
  collection(collectionId: $collectionId) {
    metadata {
      name
    }
    baseUris {
      tokenMetadataUri
    }
  }
  collectionToken(collectionId: $collectionId, tokenId: $tokenId) {
    tokenId
    name
    description
    externalUrl
    image
    private
    properties
    attributes
    assets {
      id
      metadataField
      filename
      filesize
      mimeType
      width
      height
      url
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleTokenQuery, ConsoleTokenQueryVariables>;
export const ConsoleUpdateTokenDocument = new TypedDocumentString(`
    mutation ConsoleUpdateToken($collectionId: Int!, $tokenId: BigInt!, $token: TokenMetadataInput!, $private: Boolean) {
  updateCollectionToken(
    collectionId: $collectionId
    tokenId: $tokenId
    token: $token
    private: $private
  ) {
    tokenId
  }
}
    `) as unknown as TypedDocumentString<ConsoleUpdateTokenMutation, ConsoleUpdateTokenMutationVariables>;
export const ConsoleUploadAssetDocument = new TypedDocumentString(`
    mutation ConsoleUploadAsset($collectionId: Int!, $tokenId: BigInt!, $metadataField: String!, $file: File!) {
  uploadCollectionAsset(
    collectionId: $collectionId
    tokenId: $tokenId
    metadataField: $metadataField
    file: $file
  ) {
    id
    url
    width
    height
  }
}
    `) as unknown as TypedDocumentString<ConsoleUploadAssetMutation, ConsoleUploadAssetMutationVariables>;
export const ConsoleDeleteTokenDocument = new TypedDocumentString(`
    mutation ConsoleDeleteToken($collectionId: Int!, $tokenId: BigInt!) {
  deleteCollectionToken(collectionId: $collectionId, tokenId: $tokenId)
}
    `) as unknown as TypedDocumentString<ConsoleDeleteTokenMutation, ConsoleDeleteTokenMutationVariables>;
export const ConsoleWalletPortfolioDocument = new TypedDocumentString(`
    query ConsoleWalletPortfolio($walletAddress: String!, $contractStatus: ContractVerificationStatus, $after: String) {
  projectPortfolio(walletAddress: $walletAddress, contractStatus: $contractStatus) {
    parentWalletAddress
    walletAddresses
    chains {
      chainId
      errorReason
      nativeTotal
      truncated
    }
    holdings {
      chainId
      contractAddress
      contractType
      tokenId
      balance
      walletCount
      tokenMetadata {
        media {
          field
          file {
            thumbnails {
              size
              url
            }
          }
        }
      }
      contractInfo {
        name
        symbol
        decimals
        verdict {
          verdict
          reasons {
            code
          }
        }
      }
    }
    history(first: 20, after: $after) {
      endCursor
      transactions {
        chainId
        txnHash
        timestamp
        transfers {
          transferType
          contractAddress
          from
          to
          amounts
          tokenIds
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleWalletPortfolioQuery, ConsoleWalletPortfolioQueryVariables>;
export const ConsoleWebhookChainsDocument = new TypedDocumentString(`
    query ConsoleWebhookChains {
  chains {
    chainId
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleWebhookChainsQuery, ConsoleWebhookChainsQueryVariables>;
export const ConsoleWebhookListenersDocument = new TypedDocumentString(`
    query ConsoleWebhookListeners($chainId: String) {
  webhookListeners(chainId: $chainId) {
    id
    url
    name
    active
    disabledReason
    kinds
    filters {
      contractAddresses
      accounts
      events
      tokenIds
    }
    createdAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleWebhookListenersQuery, ConsoleWebhookListenersQueryVariables>;
export const ConsoleAddWebhookListenerDocument = new TypedDocumentString(`
    mutation ConsoleAddWebhookListener($chainId: String, $input: WebhookListenerInput!) {
  addWebhookListener(chainId: $chainId, input: $input) {
    secret
    listener {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleAddWebhookListenerMutation, ConsoleAddWebhookListenerMutationVariables>;
export const ConsoleToggleWebhookListenerDocument = new TypedDocumentString(`
    mutation ConsoleToggleWebhookListener($chainId: String, $id: Int!) {
  toggleWebhookListener(chainId: $chainId, id: $id) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<ConsoleToggleWebhookListenerMutation, ConsoleToggleWebhookListenerMutationVariables>;
export const ConsoleRemoveWebhookListenerDocument = new TypedDocumentString(`
    mutation ConsoleRemoveWebhookListener($chainId: String, $id: Int!) {
  removeWebhookListener(chainId: $chainId, id: $id)
}
    `) as unknown as TypedDocumentString<ConsoleRemoveWebhookListenerMutation, ConsoleRemoveWebhookListenerMutationVariables>;
export const ConsoleWebhookDeliveriesDocument = new TypedDocumentString(`
    query ConsoleWebhookDeliveries($chainId: String, $listenerId: Int!) {
  webhookDeliveries(chainId: $chainId, listenerId: $listenerId, first: 20) {
    totalCount
    nodes {
      webhookId
      status
      attempts
      lastError
      lastStatus
      latencyMs
      firstBlock
      lastBlock
      eventCount
      createdAt
      deliveredAt
      nextAttemptAt
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleWebhookDeliveriesQuery, ConsoleWebhookDeliveriesQueryVariables>;
export const ConsoleReplayWebhookListenerDocument = new TypedDocumentString(`
    mutation ConsoleReplayWebhookListener($chainId: String, $listenerId: Int!, $fromBlock: Int!) {
  replayWebhookListener(
    chainId: $chainId
    listenerId: $listenerId
    fromBlock: $fromBlock
  )
}
    `) as unknown as TypedDocumentString<ConsoleReplayWebhookListenerMutation, ConsoleReplayWebhookListenerMutationVariables>;
export const ConsoleViewerDocument = new TypedDocumentString(`
    query ConsoleViewer {
  viewer {
    role
    projectId
  }
}
    `) as unknown as TypedDocumentString<ConsoleViewerQuery, ConsoleViewerQueryVariables>;