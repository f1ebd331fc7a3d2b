// The linked-wallet portfolio: a parent wallet proves itself as for GetLinkedWallets, and gets, for itself and every
// wallet linked to it, on every selected chain at once, the native and token balances, each token's total across the
// wallets, and the wallets' merged history. A chain that cannot be read answers its errorReason; the others answer.
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import { DomainError, invalidArgument } from '../errors';
import { resolvePageRequest, type PageLimits } from '../paging';
import { readBalances } from '../indexer/balances';
import { readNativeBalances } from '../indexer/chain-state';
import type { ChainSelection, GatewayCore } from '../indexer/gateway';
import { addressSet } from '../indexer/requests';
import { readHistory } from '../indexer/history';
import type { ContractStatusFilter, NativeBalance, TokenBalance } from '../indexer/types';
import type { AuthService } from '../auth/service';
import { callerProject } from '../auth/caller';
import { requireAddress, type Maybe } from '../validate';
import type { WalletsService } from '../wallets/service';
import type { LinkedWallet } from '../wallets/types';
import { decodeHistoryCursor, encodeHistoryCursor, mergeNewestFirst } from './merged-history';
import type { Portfolio, PortfolioChain, PortfolioHistoryPage, PortfolioHolding, PortfolioRequest, PortfolioScope, ProjectPortfolioRequest } from './types';

/** Every wallet's native balance is a node call per chain: a portfolio covers at most this many wallets. */
export const MAX_PORTFOLIO_WALLETS = 100;
/** Balance rows listed per chain; a chain holding more says `truncated`. */
export const MAX_BALANCES_PER_CHAIN = 5000;
const BALANCE_BATCH = 500;
export const PORTFOLIO_HISTORY_PAGE: PageLimits = { default: 20, max: 100 };

const STATUSES: readonly ContractStatusFilter[] = ['VERIFIED', 'UNVERIFIED', 'ALL'];

export type PortfolioService = {
  /** The portfolio of the proven parent (and its chosen linked wallets) on the selected chains. */
  portfolio(creds: Credentials, req: PortfolioRequest): Promise<Portfolio>;
  /**
   * For the project's owner (the console): the portfolio of the family `walletAddress` belongs to (it is the parent,
   * or linked to one) in the project its bearer token grants, without a proof.
   */
  ofProject(creds: Credentials, req: ProjectPortfolioRequest): Promise<Portfolio>;
  /** One page of the scope's merged history, newest first across its chains (the scope was granted when it was made). */
  history(scope: PortfolioScope, page: { first?: Maybe<number>; after?: Maybe<string> }): Promise<PortfolioHistoryPage>;
};

export type PortfolioDeps = {
  db: Db;
  registry: Pick<ChainRegistry, 'client'>;
  auth: Pick<AuthService, 'requireBearer'>;
  wallets: WalletsService;
  gateway: Pick<GatewayCore, 'eachChecked'>;
};

const sum = (values: string[]) => values.reduce((a, v) => a + BigInt(v), 0n).toString();

/** The parent first, then its links in linking order; narrowed to the chosen ones, each of which must be among them. */
const chooseWallets = (parent: string, linked: string[], chosen: Maybe<string[]>): string[] => {
  const all = [parent, ...linked.filter((w) => w !== parent)];
  const picked = addressSet([['walletAddresses', chosen, true]], MAX_PORTFOLIO_WALLETS);
  if (picked.length) {
    const known = new Set(all);
    const stranger = picked.find((w) => !known.has(w));
    if (stranger) throw new DomainError('PermissionDenied', `walletAddresses: ${stranger} is neither the parent wallet nor linked to it in this project`, 'walletAddresses');
    return all.filter((w) => picked.includes(w));
  }
  if (all.length > MAX_PORTFOLIO_WALLETS) {
    throw invalidArgument('walletAddresses', `the parent has ${all.length} wallets with its links; a portfolio covers at most ${MAX_PORTFOLIO_WALLETS}: choose them with walletAddresses`);
  }
  return all;
};

const statusOf = (v: Maybe<ContractStatusFilter>): ContractStatusFilter => {
  if (v === undefined || v === null) return 'VERIFIED';
  if (!STATUSES.includes(v)) throw invalidArgument('contractStatus', `must be one of ${STATUSES.join(', ')}`);
  return v;
};

/** Token ids in numeric order (null, an ERC-20's, first). */
const compareTokenIds = (a: string | null, b: string | null) => {
  const x = BigInt(a ?? '-1');
  const y = BigInt(b ?? '-1');
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Each token once per chain, its wallets' balances summed; ordered by chain (as given), contract, token id. */
const holdingsOf = (chains: PortfolioChain[]): PortfolioHolding[] => {
  const out: PortfolioHolding[] = [];
  for (const c of chains) {
    const byToken = new Map<string, PortfolioHolding>();
    for (const b of c.balances) {
      const key = `${b.contractAddress}:${b.tokenId ?? ''}`;
      const h = byToken.get(key);
      if (h) h.balances.push(b);
      else byToken.set(key, { chainId: c.chainId, contractType: b.contractType, contractAddress: b.contractAddress, tokenId: b.tokenId, balance: '0', balances: [b] });
    }
    const list = [...byToken.values()];
    for (const h of list) h.balance = sum(h.balances.map((b) => b.balance));
    list.sort((a, b) => (a.contractAddress !== b.contractAddress ? (a.contractAddress < b.contractAddress ? -1 : 1) : compareTokenIds(a.tokenId, b.tokenId)));
    out.push(...list);
  }
  return out;
};

export const createPortfolioService = ({ db, registry, auth, wallets, gateway }: PortfolioDeps): PortfolioService => {
  /** The wallets' balances above zero on one chain, read in key order in batches, at most MAX_BALANCES_PER_CHAIN. */
  const readChainBalances = async (chainId: number, accounts: string[], status: ContractStatusFilter) => {
    const balances: TokenBalance[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page = await readBalances(db, {
        chainId,
        accounts,
        contracts: [],
        excluded: [],
        tokenId: null,
        selection: { status, always: [] },
        page: { pageSize: BALANCE_BATCH, backward: false, cursor },
      });
      balances.push(...page.items.map((i) => i.node));
      if (!page.hasNextPage) return { balances, truncated: false };
      if (balances.length >= MAX_BALANCES_PER_CHAIN) return { balances: balances.slice(0, MAX_BALANCES_PER_CHAIN), truncated: true };
      cursor = page.endCursor;
    }
  };

  const readChain = async (chainId: number, accounts: string[], status: ContractStatusFilter) => {
    const [tokens, nativeBalances] = await Promise.all([readChainBalances(chainId, accounts, status), readNativeBalances(registry, chainId, accounts)]);
    return { ...tokens, nativeBalances };
  };

  const nativeTotalOf = (natives: NativeBalance[]) => (natives.some((n) => n.errorReason) ? null : sum(natives.map((n) => n.balance)));

  /** The portfolio of the parent and its links (or the chosen ones of them) on the selected chains; the caller has been checked. */
  const build = async (
    parent: string,
    links: LinkedWallet[],
    sel: ChainSelection & { walletAddresses?: Maybe<string[]> },
    contractStatus: ContractStatusFilter,
  ): Promise<Portfolio> => {
    const walletAddresses = chooseWallets(
      parent,
      links.map((l) => l.linkedWalletAddress),
      sel.walletAddresses,
    );
    const answers = await gateway.eachChecked({ chainIds: sel.chainIds, networkType: sel.networkType }, (chainId) => readChain(chainId, walletAddresses, contractStatus));
    const chains: PortfolioChain[] = answers.map((a) =>
      a.value
        ? { chainId: a.chainId, errorReason: null, ...a.value, nativeTotal: nativeTotalOf(a.value.nativeBalances) }
        : { chainId: a.chainId, errorReason: a.errorReason, nativeBalances: [], nativeTotal: null, balances: [], truncated: false },
    );
    return {
      parentWalletAddress: parent,
      walletAddresses,
      chains,
      holdings: holdingsOf(chains),
      scope: { wallets: walletAddresses, chainIds: chains.map((c) => c.chainId), contractStatus },
    };
  };

  return {
    async portfolio(creds, req) {
      const contractStatus = statusOf(req.contractStatus);
      // The proof, the key and the project are GetLinkedWallets' own: another project's links, or a parent that did
      // not sign, are refused there.
      const links = await wallets.list(creds, req);
      return build(requireAddress('parentWalletAddress', req.parentWalletAddress), links, req, contractStatus);
    },

    async ofProject(creds, req) {
      const projectId = await callerProject(auth, creds, req.projectId);
      const contractStatus = statusOf(req.contractStatus);
      const { parent, links } = await wallets.familyOf(projectId, req.walletAddress);
      return build(parent, links, req, contractStatus);
    },

    async history(scope, page) {
      const resolved = resolvePageRequest({ first: page.first }, PORTFOLIO_HISTORY_PAGE);
      const from = decodeHistoryCursor(page.after);
      const asked = scope.chainIds.filter((id) => from.get(id) !== null);
      // No chain left to ask: asking the gateway with no chain ids would mean every chain.
      if (!asked.length) return { transactions: [], pageSize: resolved.pageSize, hasNextPage: false, endCursor: null, chains: [] };
      const answers = await gateway.eachChecked({ chainIds: asked.map(String) }, (chainId) =>
        readHistory(db, {
          chainId,
          accounts: scope.wallets,
          contracts: [],
          txHashes: [],
          fromBlock: null,
          toBlock: null,
          tokenId: null,
          selection: { status: scope.contractStatus, always: [] },
          page: { ...resolved, cursor: from.get(chainId) || null },
        }),
      );
      const { transactions, next, more } = mergeNewestFirst(
        answers.map((a) => ({ chainId: a.chainId, page: a.value })),
        from,
        resolved.pageSize,
      );
      return {
        transactions,
        pageSize: resolved.pageSize,
        hasNextPage: more,
        endCursor: encodeHistoryCursor(next),
        chains: answers.map((a) => ({ chainId: a.chainId, errorReason: a.errorReason })),
      };
    },
  };
};
