// The Indexer's reads (balances, summaries, history, balance updates, chain progress and pace): caller checks, validation, limits.
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import { requireReader } from '../auth/admin';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { readTotalSupply, type Hex } from '../../chain';
import { invalidArgument, isDomainError } from '../errors';
import { requireAddress } from '../validate';
import { blockNumberAtTime, checkedAtBlock } from './at-block';
import { readBalanceUpdates } from './balance-updates';
import { balanceQueryOfFilter, type TokenBalancesFilter } from './balance-filters';
import { readBalances, readSummaries, type BalanceQuery } from './balances';
import { readChainStatus, readNativeBalances } from './chain-state';
import { emptyPage, resolvePageRequest, type Page, type PageLimits, type PageRequest } from '../paging';
import { readHistory } from './history';
import { createChainPaceService, type PaceSample } from './pace';
import { countHolders, readHolders, readSupplies, sumOfSupplies, type TokenHolder, type TokenSupply } from './holders';
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
import type { BalanceUpdate, ChainStatus, MetadataOptions, NativeBalance, TokenBalance, Transaction } from './types';

export const BALANCES_PAGE: PageLimits = { default: 50, max: 100 };
/** Times per blockNumbersAtTimes request. */
export const MAX_TIMESTAMPS = 100;
export const HISTORY_PAGE: PageLimits = { default: 10, max: 100 };
export const UPDATES_PAGE: PageLimits = { default: 200, max: 1000 };
export const HOLDERS_PAGE: PageLimits = { default: 50, max: 500 };
export const SUPPLIES_PAGE: PageLimits = { default: 50, max: 500 };

type Maybe<T> = T | null | undefined;

/**
 * Every request may name its chain (`chainId`: id or configured name; absent means the only configured chain) and
 * ask for a page. The fields arrive typed by the GraphQL schema; what the published RPC clients send differently
 * (numbers as strings, "" for unset, a toBlock of 0 for none, `page` echoed whole) was settled by the RPC wire mappers
 * (rpc/wire/indexer.ts), so every value given here means what it says.
 */
type OnChain = { chainId?: Maybe<string>; page?: Maybe<PageRequest> };

export type TokenBalancesRequest = OnChain & {
  accountAddress: string;
  contractAddress?: Maybe<string>;
  /** A uint256 in decimal. */
  tokenId?: Maybe<string>;
  metadataOptions?: Maybe<MetadataOptions>;
  /** Default true; false answers ERC-721/1155 holdings as one summary row per contract. */
  includeCollectionTokens?: Maybe<boolean>;
  /** As of this block (at-block.ts); absent: now. */
  atBlock?: Maybe<number>;
};

/** The published TokenBalancesFilter, contract types and token ids included (balance-filters.ts). */
export type TokenBalancesSummaryRequest = OnChain & { filter: TokenBalancesFilter };

export type TransactionHistoryRequest = OnChain & {
  /** The specification's top-level account; merged with `filter.accountAddress(es)`. */
  accountAddress?: Maybe<string>;
  filter: {
    accountAddress?: Maybe<string>;
    accountAddresses?: Maybe<string[]>;
    contractAddress?: Maybe<string>;
    contractAddresses?: Maybe<string[]>;
    transactionHashes?: Maybe<string[]>;
    metaTransactionIds?: Maybe<string[]>;
    fromBlock?: Maybe<number>;
    toBlock?: Maybe<number>;
    /** A decimal string (GraphQL BigInt). */
    tokenId?: Maybe<string>;
  };
  metadataOptions?: Maybe<MetadataOptions>;
};

export type BalanceUpdatesRequest = OnChain & { contractAddress: string; lastBlockNumber?: Maybe<number>; lastBlockHash?: Maybe<string> };

/** One token (a contract's token id), or a contract as a whole (no token id). */
export type TokenRequest = { chainId?: Maybe<string>; contract: string; tokenId?: Maybe<string> };
/** As of this block (at-block.ts); absent: now. */
type AtBlock = { atBlock?: Maybe<number> };
export type TokenKey = { chainId: number; contract: string; tokenId: string | null };

export type IndexerService = {
  /** Positive balances of one token id (of an ERC-20 without one), largest first; per-account totals for a collectible contract without one. */
  tokenHolders(creds: Credentials, req: TokenRequest & AtBlock & { page?: Maybe<PageRequest> }): Promise<Page<TokenHolder>>;
  /** Supply and holders of each token id of a collectible contract, as indexed. */
  tokenSupplies(creds: Credentials, req: AtBlock & { chainId?: Maybe<string>; contract: string; page?: Maybe<PageRequest> }): Promise<Page<TokenSupply>>;
  /** The last block mined at or before `timestamp` (Unix seconds), among the indexed ones (at-block.ts). */
  blockNumberAtTime(creds: Credentials, req: { chainId?: Maybe<string>; timestamp: number }): Promise<number>;
  /** The same for each of up to MAX_TIMESTAMPS times, in their order (the RPC's API/BlockNumberAtTime). */
  blockNumbersAtTimes(creds: Credentials, req: { chainId?: Maybe<string>; timestamps: readonly number[] }): Promise<number[]>;
  /** How many accounts hold it (as many as `tokenHolders` lists). */
  holdersCount(key: TokenKey): Promise<number>;
  /** The token asked about, checked: its chain, lower-case contract and canonical token id. */
  token(creds: Credentials, req: TokenRequest): Promise<TokenKey>;
  /**
   * What exists of a token: the indexed sum of its holders' balances for a token id (for a collectible contract as a
   * whole, of all its token ids); an ERC-20's `totalSupply()` read from the chain (null when the node cannot answer).
   */
  supplyOf(key: TokenKey): Promise<string | null>;
  tokenBalances(creds: Credentials, req: TokenBalancesRequest): Promise<Page<TokenBalance>>;
  /** `nativeBalances` come with the first page only (forward, no `after`), unless omitted. */
  tokenBalancesSummary(creds: Credentials, req: TokenBalancesSummaryRequest): Promise<Page<TokenBalance> & { nativeBalances: NativeBalance[] }>;
  transactionHistory(creds: Credentials, req: TransactionHistoryRequest): Promise<Page<Transaction>>;
  balanceUpdates(creds: Credentials, req: BalanceUpdatesRequest): Promise<Page<BalanceUpdate>>;
  chainStatus(creds: Credentials): Promise<ChainStatus[]>;
  /** A chain's sampled progress over the last `hours` (pace.ts), oldest first. */
  chainPace(creds: Credentials, req: { chainId?: unknown; hours?: Maybe<number> }): Promise<PaceSample[]>;
};


export const createIndexerService = ({
  db,
  auth,
  chains,
  registry,
  adminToken,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
  /** The operator may read the chains' progress with the admin token (the console). */
  adminToken: string | null;
}): IndexerService => {
  const chainOf = (req: OnChain) => chains.resolveOrOnly('chainId', req.chainId).chainId;
  const tokenKeyOf = (req: TokenRequest): TokenKey => ({
    chainId: chainOf(req),
    contract: requireAddress('contract', req.contract),
    tokenId: optionalTokenId('tokenId', req.tokenId),
  });
  const pace = createChainPaceService({ db, auth, chains, adminToken });

  return {
    async tokenBalances(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      const chainId = chain.chainId;
      const account = optionalAddress('accountAddress', req.accountAddress);
      if (!account) throw invalidArgument('accountAddress', 'is required');
      const contract = optionalAddress('contractAddress', req.contractAddress);
      const q: BalanceQuery = {
        chainId,
        accounts: [account],
        contracts: contract ? [contract] : [],
        excluded: [],
        tokenId: optionalTokenId('tokenId', req.tokenId),
        selection: selectionOfMetadataOptions(req.metadataOptions),
        page: resolvePageRequest(req.page, BALANCES_PAGE),
        atBlock: await checkedAtBlock(db, chain, 'atBlock', req.atBlock),
      };
      const collectionTokens = req.includeCollectionTokens ?? true;
      return collectionTokens ? readBalances(db, q) : readSummaries(db, q);
    },

    async tokenBalancesSummary(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chainOf(req);
      // A whitelist names the contracts to report; the caller vouches for them, so their status is not checked.
      const { query: q, omitNative } = balanceQueryOfFilter(chainId, req.filter, resolvePageRequest(req.page, BALANCES_PAGE));
      const [page, nativeBalances] = await Promise.all([
        readSummaries(db, q),
        omitNative || q.page.cursor || q.page.backward ? Promise.resolve([]) : readNativeBalances(registry, chainId, q.accounts),
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
      const toBlock = optionalBlock('filter.toBlock', f.toBlock);
      const page = resolvePageRequest(req.page, HISTORY_PAGE);
      const q = {
        chainId,
        accounts,
        contracts,
        txHashes,
        fromBlock,
        toBlock,
        tokenId: optionalTokenId('filter.tokenId', f.tokenId),
        selection: selectionOfMetadataOptions(req.metadataOptions),
        page,
      };
      // Strata records no meta-transactions: a filter on their ids matches nothing.
      if (f.metaTransactionIds?.length) return emptyPage<Transaction>(page);
      if (fromBlock !== null && toBlock !== null && fromBlock > toBlock) return emptyPage<Transaction>(page);
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
        page: resolvePageRequest(req.page, UPDATES_PAGE),
      });
    },

    async tokenHolders(creds, req) {
      // The signed-in console's contract page reads it with its bearer token (operator or project), as chainStatus.
      await requireReader(auth, creds, adminToken);
      const key = tokenKeyOf(req);
      const atBlock = await checkedAtBlock(db, chains.resolveOrOnly('chainId', req.chainId), 'atBlock', req.atBlock);
      return readHolders(db, { ...key, atBlock, page: resolvePageRequest(req.page, HOLDERS_PAGE) });
    },

    async tokenSupplies(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      const contract = requireAddress('contract', req.contract);
      const atBlock = await checkedAtBlock(db, chain, 'atBlock', req.atBlock);
      return readSupplies(db, { chainId: chain.chainId, contract, atBlock, page: resolvePageRequest(req.page, SUPPLIES_PAGE) });
    },

    async blockNumberAtTime(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      return blockNumberAtTime(db, chain, () => registry.client(chain.chainId), req.timestamp);
    },

    async blockNumbersAtTimes(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      if (!Array.isArray(req.timestamps) || !req.timestamps.length) throw invalidArgument('timestamps', 'must list at least one time (Unix seconds)');
      if (req.timestamps.length > MAX_TIMESTAMPS) throw invalidArgument('timestamps', `must list at most ${MAX_TIMESTAMPS} times`);
      const blocks: number[] = [];
      // One after the other: each is a few index seeks, and the node is asked only where headers were not kept.
      for (const [i, t] of req.timestamps.entries()) {
        try {
          blocks.push(await blockNumberAtTime(db, chain, () => registry.client(chain.chainId), t));
        } catch (e) {
          throw isDomainError(e) && e.kind === 'InvalidArgument' ? invalidArgument(`timestamps[${i}]`, e.message.replace(/^timestamp:\s*/, '')) : e;
        }
      }
      return blocks;
    },

    async token(creds, req) {
      // The signed-in console's contract page reads it with its bearer token (operator or project), as chainStatus.
      await requireReader(auth, creds, adminToken);
      return tokenKeyOf(req);
    },

    holdersCount: (key) => countHolders(db, key),

    async supplyOf(key) {
      if (key.tokenId !== null) {
        const page = await readSupplies(db, { ...key, tokenIds: [key.tokenId], page: { pageSize: 1, backward: false, cursor: null } });
        return page.items[0]?.node.supply ?? '0';
      }
      const whole = await readSupplies(db, { ...key, page: { pageSize: 1, backward: false, cursor: null } });
      if (whole.items.length) return sumOfSupplies(db, key);
      try {
        return await readTotalSupply(await registry.client(key.chainId), key.contract as Hex);
      } catch {
        return null;
      }
    },

    async chainStatus(creds) {
      await requireReader(auth, creds, adminToken);
      return readChainStatus(db, chains.all());
    },

    chainPace: (creds, req) => pace.pace(creds, req),
  };
};
