// The Indexer's reads (balances, summaries, history, balance updates, chain progress): caller checks, validation, limits.
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { optionalBoolean } from '../validate';
import { readBalanceUpdates } from './balance-updates';
import { readBalances, readSummaries, type BalanceQuery } from './balances';
import { readChainStatus, readNativeBalances } from './chain-state';
import { resolveCursorRequest, type PageLimits, type PageRequest } from './cursor';
import { readHistory } from './history';
import {
  MAX_ACCOUNTS,
  MAX_CONTRACTS,
  addressSet,
  contractStatusOf,
  optionalAddress,
  optionalBlock,
  optionalObject,
  optionalTokenId,
  optionalTxHashes,
  selectionOfMetadataOptions,
} from './requests';
import type { BalanceUpdate, ChainStatus, CursorPage, NativeBalance, TokenBalance, Transaction } from './types';

export const BALANCES_PAGE: PageLimits = { default: 50, max: 100 };
export const HISTORY_PAGE: PageLimits = { default: 10, max: 100 };
export const UPDATES_PAGE: PageLimits = { default: 200, max: 1000 };

/** Every request may name its chain (`chainID`: id or configured name); absent means the only configured chain. */
type OnChain = { chainID?: unknown; page?: PageRequest };

export type TokenBalancesRequest = OnChain & {
  accountAddress?: unknown;
  contractAddress?: unknown;
  tokenID?: unknown;
  metadataOptions?: unknown;
  /** Default true; false answers ERC-721/1155 holdings as one summary row per contract. */
  includeCollectionTokens?: unknown;
};

export type TokenBalancesSummaryRequest = OnChain & {
  /** accountAddresses, contractStatus, contractWhitelist, contractBlacklist, omitNativeBalances. */
  filter?: unknown;
};

export type TransactionHistoryRequest = OnChain & {
  /** The specification's top-level account; merged with `filter.accountAddress(es)`. */
  accountAddress?: unknown;
  /** accountAddress(es), contractAddress(es), transactionHashes, metaTransactionIDs, fromBlock, toBlock, tokenID. */
  filter?: unknown;
  metadataOptions?: unknown;
};

export type BalanceUpdatesRequest = OnChain & { contractAddress?: unknown; lastBlockNumber?: unknown; lastBlockHash?: unknown };

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
      const collectionTokens = optionalBoolean('includeCollectionTokens', req.includeCollectionTokens) ?? true;
      return collectionTokens ? readBalances(db, q) : readSummaries(db, q);
    },

    async tokenBalancesSummary(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      const f = optionalObject('filter', req.filter);
      const accounts = addressSet([['filter.accountAddresses', f.accountAddresses, true]], MAX_ACCOUNTS);
      if (!accounts.length) throw invalidArgument('filter.accountAddresses', 'is required (at least one address)');
      const whitelist = addressSet([['filter.contractWhitelist', f.contractWhitelist, true]], MAX_CONTRACTS);
      const status = contractStatusOf('filter.contractStatus', f.contractStatus);
      const omitNative = optionalBoolean('filter.omitNativeBalances', f.omitNativeBalances) ?? false;
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
      const f = optionalObject('filter', req.filter);
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
      const metaIds = f.metaTransactionIDs;
      if (Array.isArray(metaIds) && metaIds.length) return EMPTY_PAGE<Transaction>(page.pageSize);
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
