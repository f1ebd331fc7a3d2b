// The IndexerGateway's reads: each one is the single-chain read of the Indexer (same rules, limits and pages), run on
// every selected chain through the gateway's fan-out.
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import { invalidArgument } from '../errors';
import { resolvePageRequest, type Page } from '../paging';
import { readBalanceDetails, readBalancesByContract, type TokenBalancesByContractFilter, type TokenBalancesFilter } from './balance-filters';
import { readNativeBalance } from './native-balances';
import { optionalAddress } from './requests';
import type { ChainAnswer, ChainSelection, GatewayService, MultiChainPage } from './gateway';
import {
  BALANCES_PAGE,
  HISTORY_PAGE,
  UPDATES_PAGE,
  type BalanceUpdatesRequest,
  type IndexerService,
  type TokenBalancesRequest,
  type TokenBalancesSummaryRequest,
  type TransactionHistoryRequest,
} from './service';
import type { BalanceUpdate, NativeBalance, TokenBalance, Transaction } from './types';

type Maybe<T> = T | null | undefined;

/** A forward page over several chains: `first` per chain, `after` a cursor of a previous multi-chain page. */
export type MultiChainPageRequest = { first?: Maybe<number>; after?: Maybe<string> };

type Across<R> = ChainSelection & Omit<R, 'chainId' | 'page'> & { page?: Maybe<MultiChainPageRequest> };

export type GatewayReads = {
  tokenBalances(creds: Credentials, req: Across<TokenBalancesRequest>): Promise<MultiChainPage<Page<TokenBalance>>>;
  tokenBalancesSummary(
    creds: Credentials,
    req: Across<TokenBalancesSummaryRequest>,
  ): Promise<MultiChainPage<Page<TokenBalance> & { nativeBalances: NativeBalance[] }>>;
  transactionHistory(creds: Credentials, req: Across<TransactionHistoryRequest>): Promise<MultiChainPage<Page<Transaction>>>;
  balanceUpdates(creds: Credentials, req: Across<BalanceUpdatesRequest>): Promise<MultiChainPage<Page<BalanceUpdate>>>;
  /** The account's native coin balance on every selected chain (a node that cannot answer is that chain's errorReason). */
  nativeBalances(creds: Credentials, req: ChainSelection & { accountAddress: string }): Promise<Array<ChainAnswer<NativeBalance>>>;
  tokenBalancesDetails(
    creds: Credentials,
    req: ChainSelection & { filter: TokenBalancesFilter; page?: Maybe<MultiChainPageRequest> },
  ): Promise<MultiChainPage<Page<TokenBalance> & { nativeBalances: NativeBalance[] }>>;
  tokenBalancesByContract(
    creds: Credentials,
    req: ChainSelection & { filter: TokenBalancesByContractFilter; page?: Maybe<MultiChainPageRequest> },
  ): Promise<MultiChainPage<Page<TokenBalance>>>;
};

export type { ChainAnswer };

export const createGatewayReads = ({
  gateway,
  indexer,
  db,
  registry,
}: {
  gateway: GatewayService;
  indexer: IndexerService;
  db: Db;
  registry: Pick<ChainRegistry, 'client'>;
}): GatewayReads => {
  const selectionOf = ({ chainIds, networkType }: ChainSelection): ChainSelection => ({ chainIds, networkType });
  /** The single-chain request: the selection fields dropped, the chain and its page filled in. */
  const on = <R extends ChainSelection & { page?: unknown }>(req: R, chainId: number, page: unknown) => {
    const { chainIds: _ids, networkType: _type, page: _page, ...rest } = req;
    return { ...rest, chainId: String(chainId), page } as Omit<R, 'chainIds' | 'networkType' | 'page'> & { chainId: string; page: never };
  };
  return {
    tokenBalances: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, BALANCES_PAGE, (chainId, page) => indexer.tokenBalances(creds, on(req, chainId, page))),
    tokenBalancesSummary: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, BALANCES_PAGE, (chainId, page) => indexer.tokenBalancesSummary(creds, on(req, chainId, page))),
    transactionHistory: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, HISTORY_PAGE, (chainId, page) => indexer.transactionHistory(creds, on(req, chainId, page))),
    balanceUpdates: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, UPDATES_PAGE, (chainId, page) => indexer.balanceUpdates(creds, on(req, chainId, page))),
    // The per-chain reads of the newer Indexer methods (balance-filters.ts, native-balances.ts); the request is checked
    // once here, so a wrong one fails as a whole instead of as many errorReasons.
    nativeBalances(creds, req) {
      const account = optionalAddress('accountAddress', req.accountAddress);
      if (!account) throw invalidArgument('accountAddress', 'is required');
      return gateway.each(creds, selectionOf(req), (chainId) => readNativeBalance(registry, chainId, account));
    },
    tokenBalancesDetails: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, BALANCES_PAGE, (chainId, page) =>
        readBalanceDetails(db, registry, chainId, req.filter ?? {}, resolvePageRequest(page, BALANCES_PAGE)),
      ),
    tokenBalancesByContract: (creds, req) =>
      gateway.paged(creds, selectionOf(req), req.page, BALANCES_PAGE, (chainId, page) =>
        readBalancesByContract(db, chainId, req.filter, resolvePageRequest(page, BALANCES_PAGE)),
      ),
  };
};
