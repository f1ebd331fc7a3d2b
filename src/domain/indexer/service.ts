// The Indexer's reads (balances, summaries, history, balance updates, chain progress): caller checks, validation, limits.
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { readBalanceUpdates } from './balance-updates';
import { readBalances, readSummaries, type BalanceQuery } from './balances';
import { readChainStatus, readNativeBalances } from './chain-state';
import { resolveCursorRequest, type CursorPageRequest, type PageLimits } from './cursor';
import { readHistory } from './history';
import {
  MAX_ACCOUNTS,
  MAX_CONTRACTS,
  addressSet,
  optionalAddress,
  optionalBlock,
  optionalTokenId,
  optionalTxHashes,
  selectionOfMetadataOptions,
} from './requests';
import type { BalanceUpdate, ChainStatus, ContractStatusFilter, CursorPage, MetadataOptions, NativeBalance, TokenBalance, Transaction } from './types';

export const BALANCES_PAGE: PageLimits = { default: 50, max: 100 };
export const HISTORY_PAGE: PageLimits = { default: 10, max: 100 };
export const UPDATES_PAGE: PageLimits = { default: 200, max: 1000 };

type Maybe<T> = T | null | undefined;

/**
 * Every request may name its chain (`chainID`: id or configured name; absent means the only configured chain) and
 * ask for a page. The fields arrive typed by the GraphQL schema; what the published RPC clients send differently
 * (numbers as strings, "" for unset, `page` echoed whole) was settled by the RPC wire mappers (rpc/wire/indexer.ts).
 */
type OnChain = { chainID?: Maybe<string>; page?: Maybe<CursorPageRequest> };

export type TokenBalancesRequest = OnChain & {
  accountAddress: string;
  contractAddress?: Maybe<string>;
  /** A uint256 in decimal. */
  tokenID?: Maybe<string>;
  metadataOptions?: Maybe<MetadataOptions>;
  /** Default true; false answers ERC-721/1155 holdings as one summary row per contract. */
  includeCollectionTokens?: Maybe<boolean>;
};

export type TokenBalancesSummaryRequest = OnChain & {
  filter: {
    accountAddresses?: Maybe<string[]>;
    contractStatus?: Maybe<ContractStatusFilter>;
    contractWhitelist?: Maybe<string[]>;
    contractBlacklist?: Maybe<string[]>;
    omitNativeBalances?: Maybe<boolean>;
  };
};

export type TransactionHistoryRequest = OnChain & {
  /** The specification's top-level account; merged with `filter.accountAddress(es)`. */
  accountAddress?: Maybe<string>;
  filter: {
    accountAddress?: Maybe<string>;
    accountAddresses?: Maybe<string[]>;
    contractAddress?: Maybe<string>;
    contractAddresses?: Maybe<string[]>;
    transactionHashes?: Maybe<string[]>;
    metaTransactionIDs?: Maybe<string[]>;
    /** Block numbers and the token id: decimal strings (GraphQL BigInt). */
    fromBlock?: Maybe<string>;
    toBlock?: Maybe<string>;
    tokenID?: Maybe<string>;
  };
  metadataOptions?: Maybe<MetadataOptions>;
};

export type BalanceUpdatesRequest = OnChain & { contractAddress: string; lastBlockNumber?: Maybe<string>; lastBlockHash?: Maybe<string> };

export type IndexerService = {
  tokenBalances(creds: Credentials, req: TokenBalancesRequest): Promise<CursorPage<TokenBalance>>;
  /** `nativeBalances` come with the first page only (no `after`), unless omitted. */
  tokenBalancesSummary(creds: Credentials, req: TokenBalancesSummaryRequest): Promise<CursorPage<TokenBalance> & { nativeBalances: NativeBalance[] }>;
  transactionHistory(creds: Credentials, req: TransactionHistoryRequest): Promise<CursorPage<Transaction>>;
  balanceUpdates(creds: Credentials, req: BalanceUpdatesRequest): Promise<CursorPage<BalanceUpdate>>;
  chainStatus(creds: Credentials): Promise<ChainStatus[]>;
};

const EMPTY_PAGE = <T>(pageSize: number): CursorPage<T> => ({ items: [], pageSize, more: false, endCursor: null });

export const createIndexerService = ({
  db,
  auth,
  chains,
  registry,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
}): IndexerService => {
  const chainOf = (req: OnChain) => chains.resolveOrOnly('chainID', req.chainID).chainId;

  return {
    async tokenBalances(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      const account = optionalAddress('accountAddress', req.accountAddress);
      if (!account) throw invalidArgument('accountAddress', 'is required');
      const contract = optionalAddress('contractAddress', req.contractAddress);
      const q: BalanceQuery = {
        chainId,
        accounts: [account],
        contracts: contract ? [contract] : [],
        excluded: [],
        tokenId: optionalTokenId('tokenID', req.tokenID),
        selection: selectionOfMetadataOptions(req.metadataOptions),
        ...resolveCursorRequest(req.page, BALANCES_PAGE),
      };
      const collectionTokens = req.includeCollectionTokens ?? true;
      return collectionTokens ? readBalances(db, q) : readSummaries(db, q);
    },

    async tokenBalancesSummary(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      const f = req.filter;
      const accounts = addressSet([['filter.accountAddresses', f.accountAddresses, true]], MAX_ACCOUNTS);
      if (!accounts.length) throw invalidArgument('filter.accountAddresses', 'is required (at least one address)');
      const whitelist = addressSet([['filter.contractWhitelist', f.contractWhitelist, true]], MAX_CONTRACTS);
      const status = f.contractStatus ?? 'VERIFIED';
      const omitNative = f.omitNativeBalances ?? false;
      const q: BalanceQuery = {
        chainId,
        accounts,
        // A whitelist names the contracts to report; the caller vouches for them, so their status is not checked.
        contracts: whitelist,
        excluded: addressSet([['filter.contractBlacklist', f.contractBlacklist, true]], MAX_CONTRACTS),
        tokenId: null,
        selection: { status: whitelist.length ? 'ALL' : status, always: [] },
        ...resolveCursorRequest(req.page, BALANCES_PAGE),
      };
      const [page, nativeBalances] = await Promise.all([
        readSummaries(db, q),
        omitNative || q.after ? Promise.resolve([]) : readNativeBalances(registry, chainId, accounts),
      ]);
      return { ...page, nativeBalances };
    },

    async transactionHistory(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      const f = req.filter;
      const accounts = addressSet(
        [
          ['accountAddress', req.accountAddress, false],
          ['filter.accountAddress', f.accountAddress, false],
          ['filter.accountAddresses', f.accountAddresses, true],
        ],
        MAX_ACCOUNTS,
      );
      const contracts = addressSet(
        [
          ['filter.contractAddress', f.contractAddress, false],
          ['filter.contractAddresses', f.contractAddresses, true],
        ],
        MAX_CONTRACTS,
      );
      const txHashes = optionalTxHashes('filter.transactionHashes', f.transactionHashes);
      if (!accounts.length && !contracts.length && !txHashes.length) {
        throw invalidArgument('filter.accountAddress', 'is required (or name contracts or transaction hashes)');
      }
      const fromBlock = optionalBlock('filter.fromBlock', f.fromBlock);
      // Go clients send every field: a toBlock of 0 means none.
      const toBlock = optionalBlock('filter.toBlock', f.toBlock) || null;
      const page = resolveCursorRequest(req.page, HISTORY_PAGE);
      const q = {
        chainId,
        accounts,
        contracts,
        txHashes,
        fromBlock,
        toBlock,
        tokenId: optionalTokenId('filter.tokenID', f.tokenID),
        selection: selectionOfMetadataOptions(req.metadataOptions),
        ...page,
      };
      // Strata records no meta-transactions: a filter on their ids matches nothing.
      if (f.metaTransactionIDs?.length) return EMPTY_PAGE<Transaction>(page.pageSize);
      if (fromBlock !== null && toBlock !== null && fromBlock > toBlock) return EMPTY_PAGE<Transaction>(page.pageSize);
      return readHistory(db, q);
    },

    async balanceUpdates(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      const contract = optionalAddress('contractAddress', req.contractAddress);
      if (!contract) throw invalidArgument('contractAddress', 'is required');
      return readBalanceUpdates(db, {
        chainId,
        contract,
        lastBlockNumber: optionalBlock('lastBlockNumber', req.lastBlockNumber) ?? 0,
        ...resolveCursorRequest(req.page, UPDATES_PAGE),
      });
    },

    async chainStatus(creds) {
      await auth.requireAccessKey(creds);
      return readChainStatus(db, chains.all());
    },
  };
};
