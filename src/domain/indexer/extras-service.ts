// The Indexer methods of the newer published clients on one chain per request (native balances, filtered balance
// lists, supplies, token ids, receipts, SyncBalance, chain id): caller checks and chain choice; the rules are in the
// per-chain functions of this folder, which the multi-chain gateway calls as well.
import type { ChainRegistry } from '../../chain/registry';
import { accessKeyHash, type Db } from '../../db';
import type { ReceiptEvent } from '../../pubsub';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { resolvePageRequest, type Page, type PageRequest } from '../paging';
import type { SubscriptionsService } from '../subscriptions/service';
import type { ReceiptFilterRequest } from '../subscriptions/filters';
import { requireAddress, type Maybe } from '../validate';
import { readBalanceDetails, readBalancesByContract, type TokenBalancesByContractFilter, type TokenBalancesFilter } from './balance-filters';
import { readNativeBalance } from './native-balances';
import { createReceiptWaits, type ReceiptWaitStats } from './receipt-waits';
import { fetchReceipt } from './receipts-fetch';
import { optionalAddress, optionalTokenId } from './requests';
import { BALANCES_PAGE, SUPPLIES_PAGE } from './service';
import { readContractSupplies, readSuppliesMap, type ContractSupplies, type SuppliesOfContract } from './supplies';
import { syncBalance, type BalanceRepair, type SyncedBalance } from './sync-balance';
import { readTokenIdRanges, readTokenIds, type TokenIdRanges } from './token-ids';
import type { ContractType, NativeBalance, TokenBalance } from './types';

type OnChain = { chainId?: Maybe<string> };
type Paged = OnChain & { page?: Maybe<PageRequest> };

/** GetTokenSuppliesMap: at most this many contracts, and token ids over all of them. */
export const SUPPLIES_MAP_MAX_CONTRACTS = 50;
export const SUPPLIES_MAP_MAX_TOKEN_IDS = 1000;
export const TOKEN_IDS_PAGE = { default: 100, max: 1000 };

export type IndexerExtrasService = {
  /** The chain a request without `chainId` reaches (GetChainID). */
  chainId(creds: Credentials, req: OnChain): Promise<number>;
  nativeBalance(creds: Credentials, req: OnChain & { accountAddress: string }): Promise<NativeBalance>;
  tokenBalancesDetails(creds: Credentials, req: Paged & { filter: TokenBalancesFilter }): Promise<Page<TokenBalance> & { nativeBalances: NativeBalance[] }>;
  tokenBalancesByContract(creds: Credentials, req: Paged & { filter: TokenBalancesByContractFilter }): Promise<Page<TokenBalance>>;
  contractSupplies(creds: Credentials, req: Paged & { contract: string }): Promise<ContractSupplies>;
  suppliesMap(creds: Credentials, req: OnChain & { tokens: Array<{ contract: string; tokenIds?: Maybe<string[]> }> }): Promise<SuppliesOfContract[]>;
  tokenIds(creds: Credentials, req: Paged & { contract: string }): Promise<{ contractType: ContractType; ids: Page<string> }>;
  tokenIdRanges(creds: Credentials, req: OnChain & { contract: string; lastTokenId?: Maybe<string> }): Promise<TokenIdRanges>;
  /** `signal`: aborts when the request's client went away, which ends a wait (receipts-fetch.ts). */
  transactionReceipt(
    creds: Credentials,
    req: OnChain & { filter: ReceiptFilterRequest; wait?: Maybe<boolean>; maxBlockWait?: Maybe<number>; signal?: AbortSignal },
  ): Promise<ReceiptEvent | null>;
  /** What this process's receipt waits hold now: waits, transactions polled, waits abandoned by their clients. */
  receiptWaits(): ReceiptWaitStats;
  syncBalance(creds: Credentials, req: OnChain & { accountAddress: string; contractAddress: string; tokenId?: Maybe<string> }): Promise<SyncedBalance>;
};

export const createIndexerExtrasService = ({
  db,
  auth,
  chains,
  registry,
  subscriptions,
  balanceRepair,
  receiptWaitsPerKey = null,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
  subscriptions: SubscriptionsService;
  /** Ingestion's writer for SyncBalance (src/ingestion/balance-repair.ts); null where none is composed. */
  balanceRepair: BalanceRepair | null;
  /** Receipt waits one access key may hold at once (KEY_RECEIPT_WAITS); null: no cap. */
  receiptWaitsPerKey?: number | null;
}): IndexerExtrasService => {
  const waits = createReceiptWaits({ perCaller: receiptWaitsPerKey });
  /** Checks the access key, then names the chain. */
  const on = async (creds: Credentials, req: OnChain) => {
    await auth.requireAccessKey(creds);
    return chains.resolveOrOnly('chainId', req.chainId).chainId;
  };

  return {
    chainId: (creds, req) => on(creds, req),

    async nativeBalance(creds, req) {
      const chainId = await on(creds, req);
      const account = optionalAddress('accountAddress', req.accountAddress);
      if (!account) throw invalidArgument('accountAddress', 'is required');
      return readNativeBalance(registry, chainId, account);
    },

    async tokenBalancesDetails(creds, req) {
      const chainId = await on(creds, req);
      return readBalanceDetails(db, registry, chainId, req.filter ?? {}, resolvePageRequest(req.page, BALANCES_PAGE));
    },

    async tokenBalancesByContract(creds, req) {
      const chainId = await on(creds, req);
      if (!req.filter) throw invalidArgument('filter', 'is required (filter.contractAddresses)');
      return readBalancesByContract(db, chainId, req.filter, resolvePageRequest(req.page, BALANCES_PAGE));
    },

    async contractSupplies(creds, req) {
      const chainId = await on(creds, req);
      return readContractSupplies(db, registry, { chainId, contract: requireAddress('contractAddress', req.contract), page: resolvePageRequest(req.page, SUPPLIES_PAGE) });
    },

    async suppliesMap(creds, req) {
      const chainId = await on(creds, req);
      if (req.tokens.length > SUPPLIES_MAP_MAX_CONTRACTS) throw invalidArgument('tokenMap', `must name at most ${SUPPLIES_MAP_MAX_CONTRACTS} contracts`);
      let ids = 0;
      const requests = req.tokens.map((t, i) => {
        const contract = requireAddress(`tokenMap[${i}].contractAddress`, t.contract);
        const tokenIds = [...new Set((t.tokenIds ?? []).map((id, j) => optionalTokenId(`tokenMap.${contract}[${j}]`, id)).filter((id): id is string => id !== null))];
        ids += tokenIds.length;
        return { contract, tokenIds };
      });
      if (ids > SUPPLIES_MAP_MAX_TOKEN_IDS) throw invalidArgument('tokenMap', `must name at most ${SUPPLIES_MAP_MAX_TOKEN_IDS} token ids in all`);
      if (new Set(requests.map((r) => r.contract)).size !== requests.length) throw invalidArgument('tokenMap', 'names a contract twice');
      return readSuppliesMap(db, registry, chainId, requests);
    },

    async tokenIds(creds, req) {
      const chainId = await on(creds, req);
      return readTokenIds(db, { chainId, contract: requireAddress('contractAddress', req.contract), page: resolvePageRequest(req.page, TOKEN_IDS_PAGE) });
    },

    async tokenIdRanges(creds, req) {
      const chainId = await on(creds, req);
      return readTokenIdRanges(db, {
        chainId,
        contract: requireAddress('contractAddress', req.contract),
        lastTokenId: optionalTokenId('lastTokenID', req.lastTokenId),
      });
    },

    async transactionReceipt(creds, req) {
      const chainId = await on(creds, req);
      const live = (filter: ReceiptFilterRequest) => subscriptions.receipts(creds, { chainId: String(chainId), filter });
      return fetchReceipt(
        { db, registry, live, waits },
        {
          chainId,
          filter: req.filter ?? {},
          wait: req.wait ?? false,
          maxBlockWait: req.maxBlockWait,
          // on() required the key.
          caller: accessKeyHash(creds.accessKey!.trim()),
          signal: req.signal,
        },
      );
    },

    receiptWaits: () => waits.stats(),

    async syncBalance(creds, req) {
      const chainId = await on(creds, req);
      return syncBalance(
        { db, registry, repair: balanceRepair },
        {
          chainId,
          account: requireAddress('accountAddress', req.accountAddress),
          contract: requireAddress('contractAddress', req.contractAddress),
          tokenId: optionalTokenId('tokenID', req.tokenId),
        },
      );
    },
  };
};


