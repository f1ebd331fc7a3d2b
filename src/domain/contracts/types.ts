// Plain shapes of contract information, as the rest of Strata sees them.
import type { ContractType } from '../../chain';
import type { Maybe } from '../validate';

export { CONTRACT_TYPES } from '../../chain';

/** What the directory (domain/trust) says of one contract in it. */
export type DirectoryListing = {
  /** Names of the lists naming it, in precedence order; empty for a contract only the operator added. */
  lists: string[];
  /** What the first of those lists says of it; null for a contract only the operator added. */
  token: { name: string; symbol: string; decimals: number; logoURI: string | null } | null;
  /** Added by the operator (Admin AddContractToTokenDirectory), whatever the lists say. */
  added: boolean;
  /** Above 0: featured, higher first. */
  featureIndex: number;
};

export type ContractKind = ContractType;

export type ContractExtensions = {
  link: string;
  description: string;
  ogImage: string;
  ogName: string;
  originChainId: number;
  originAddress: string;
  /** Operator flags (CLI or admin mutation). */
  blacklist: boolean;
  verified: boolean;
  verifiedBy: string;
  featured: boolean;
};

/**
 * Where a contract's info came from. CHAIN: read from its chain (code, name(), symbol(), decimals()); CONTRACT_URI:
 * that, and fields of its contractURI document; OVERRIDE: an operator's override replaced some of it; NONE: an address
 * with no code that nothing has stored; TOKEN_LIST: a token list of the token directory gave its name, symbol, decimals
 * and logo (domain/trust).
 */
export const CONTRACT_INFO_SOURCES = ['CHAIN', 'CONTRACT_URI', 'TOKEN_LIST', 'OVERRIDE', 'NONE'] as const;
export type ContractInfoSource = (typeof CONTRACT_INFO_SOURCES)[number];

/**
 * AVAILABLE: the info is there. FETCHING: it is, and its contractURI document is being fetched (the previous
 * document's fields answer meanwhile). NOT_AVAILABLE: an address with no code that nothing (not even an override) has
 * stored.
 */
export const CONTRACT_INFO_STATUSES = ['AVAILABLE', 'FETCHING', 'NOT_AVAILABLE'] as const;
export type ContractInfoStatus = (typeof CONTRACT_INFO_STATUSES)[number];

export type ContractInfo = {
  chainId: number;
  /** Lower-case, 0x-prefixed. */
  address: string;
  name: string;
  type: ContractKind;
  symbol: string;
  decimals: number | null;
  /** '' when the operator set none. */
  logoURI: string;
  deployed: boolean;
  /** keccak256 of the runtime code; '0x' when there is no code. */
  bytecodeHash: string;
  extensions: ContractExtensions;
  /** null for an address with no code that Strata has not stored. */
  updatedAt: Date | null;
  source: ContractInfoSource;
  status: ContractInfoStatus;
  /** The operator's override applied to this info, when there is one (its set fields won). */
  override?: ContractInfoOverride;
  /** Its place in the token directory, when it is in it (domain/trust). */
  directory?: DirectoryListing;
};

export type ContractKey = { chainId: number; address: string };

export const contractKeyOf = (k: ContractKey): string => `${k.chainId}:${k.address}`;

/** What the operator may set; absent fields keep their value, '' clears a text field. */
export type ContractFlagsInput = {
  verified?: Maybe<boolean>;
  verifiedBy?: Maybe<string>;
  blacklist?: Maybe<boolean>;
  featured?: Maybe<boolean>;
  logoUri?: Maybe<string>;
};

/** The extensions an override may set (the published clients' ContractInfoExtensionsOverride); unset fields are absent. */
export type ExtensionsOverride = {
  link?: string;
  description?: string;
  categories?: string[];
  ogImage?: string;
  ogName?: string;
  originChainId?: number;
  originAddress?: string;
  blacklist?: boolean;
  verified?: boolean;
  verifiedBy?: string;
  featureIndex?: number;
};

export type ContractInfoOverride = {
  chainId: number;
  address: string;
  name: string | null;
  type: ContractKind | null;
  symbol: string | null;
  decimals: number | null;
  logoURI: string | null;
  extensions: ExtensionsOverride;
  createdAt: Date;
  updatedAt: Date;
};
