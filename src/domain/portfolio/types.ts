// Plain shapes of a linked-wallet portfolio: a parent wallet and the wallets linked to it, on several chains at once.
import type { ContractStatusFilter, NativeBalance, TokenBalance, Transaction } from '../indexer/types';
import type { ChainSelection } from '../indexer/gateway';
import type { GetLinkedWalletsRequest } from '../wallets/types';
import type { Maybe } from '../validate';

/** The proof of GetLinkedWallets, the chains to read, and which wallets and contracts to count. */
export type PortfolioRequest = GetLinkedWalletsRequest &
  ChainSelection & {
    /** Narrows the portfolio to some of the parent's wallets (each must be the parent or linked to it); absent: all. */
    walletAddresses?: Maybe<string[]>;
    /** Which contracts' tokens count, by their status: VERIFIED (the default, as GetTokenBalancesSummary), UNVERIFIED or ALL. */
    contractStatus?: Maybe<ContractStatusFilter>;
  };

/** The console's form: the project's owner names any wallet of a family (the parent or a linked one), no proof. */
export type ProjectPortfolioRequest = ChainSelection & {
  /** The project (optional with a project's bearer token, which names its own). */
  projectId?: Maybe<number>;
  walletAddress: string;
  walletAddresses?: Maybe<string[]>;
  contractStatus?: Maybe<ContractStatusFilter>;
};

/** What a portfolio's later reads (its history) are allowed to see: fixed when the proof was checked. */
export type PortfolioScope = {
  wallets: string[];
  chainIds: number[];
  contractStatus: ContractStatusFilter;
};

/** One chain's part: every wallet's native and token balances, or why the chain has none. */
export type PortfolioChain = {
  chainId: number;
  /** Set when the chain could not be read (stopped node, timeout); its lists are then empty. */
  errorReason: string | null;
  /** One per wallet, in the portfolio's wallet order; a wallet whose balance the node did not give has its errorReason. */
  nativeBalances: NativeBalance[];
  /** The wallets' native balances summed, in wei; null when a wallet's could not be read. */
  nativeTotal: string | null;
  /** Every balance above zero of the wallets, ordered by account, contract, token id (at most MAX_BALANCES_PER_CHAIN). */
  balances: TokenBalance[];
  /** True when the chain holds more balances than a portfolio lists (the totals then cover the listed ones only). */
  truncated: boolean;
};

/** A token held by any of the wallets on one chain, with its balance summed across them. */
export type PortfolioHolding = {
  chainId: number;
  contractType: TokenBalance['contractType'];
  contractAddress: string;
  /** null for ERC-20. */
  tokenId: string | null;
  /** Decimal, the sum of the wallets' balances. */
  balance: string;
  /** Each wallet's balance of the token. */
  balances: TokenBalance[];
};

export type Portfolio = {
  parentWalletAddress: string;
  /** The parent first, then its linked wallets in linking order (or the chosen ones). */
  walletAddresses: string[];
  chains: PortfolioChain[];
  /** Every token of every chain that answered, summed across wallets; ordered by chain, contract, token id. */
  holdings: PortfolioHolding[];
  scope: PortfolioScope;
};

/** A page of the wallets' merged history, newest first across chains, with one cursor for all of them. */
export type PortfolioHistoryPage = {
  transactions: Transaction[];
  pageSize: number;
  hasNextPage: boolean;
  /** null when every chain is done. */
  endCursor: string | null;
  /** Chains that could not be read for this page keep their place: the next page asks them again from there. */
  chains: Array<{ chainId: number; errorReason: string | null }>;
};
