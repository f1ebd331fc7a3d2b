// API/GetPortfolio, Strata's own method (no published client has it; docs/guide/portfolio.md documents it): the
// linked-wallet proof of GetLinkedWallets with the gateway's chain selection in, the portfolio out in the published
// clients' field names (tokenID, priceUSD, …) and paging shape (`page: {after?, pageSize, more}`).
import type { GetPortfolioQuery } from '../generated/operations';
import { contractStatusIn, obj, type Answered, type Body } from './common';
import { getLinkedWalletsIn } from './api';
import { chainSelectionIn, multiChainPageOut } from './gateway';
import { nativeBalanceOut, tokenBalanceOut, transactionOut } from './indexer';
import { contractInfoOut } from './metadata';

type Portfolio = NonNullable<Answered<GetPortfolioQuery>['portfolio']>;

export const getPortfolioIn = (b: Body) => {
  const page = obj(b.historyPage) ?? {};
  return {
    ...getLinkedWalletsIn(b),
    ...chainSelectionIn(b),
    walletAddresses: b.walletAddresses,
    contractStatus: contractStatusIn(b.contractStatus),
    omitMetadata: b.omitMetadata === true,
    historyFirst: typeof page.pageSize === 'number' && page.pageSize > 0 ? page.pageSize : null,
    historyAfter: typeof page.after === 'string' && page.after !== '' ? page.after : null,
  };
};

const holdingOut = (h: Portfolio['holdings'][number]) => ({
  chainId: h.chainId,
  contractType: h.contractType,
  contractAddress: h.contractAddress,
  ...(h.tokenID !== null && h.tokenID !== undefined ? { tokenID: h.tokenID } : {}),
  balance: h.balance,
  walletCount: h.walletCount,
  ...(h.priceUSD ? { priceUSD: h.priceUSD, ...(h.balanceUSD ? { balanceUSD: h.balanceUSD } : {}) } : {}),
  ...(h.contractInfo ? { contractInfo: contractInfoOut(h.contractInfo) } : {}),
  balances: h.balances.map((b) => ({ accountAddress: b.accountAddress, balance: b.balance })),
});

export const getPortfolioOut = ({ portfolio: p }: Answered<GetPortfolioQuery>) => {
  if (!p) return { portfolio: null };
  return {
    portfolio: {
      parentWalletAddress: p.parentWalletAddress,
      walletAddresses: p.walletAddresses,
      ...(p.totalUSD ? { totalUSD: p.totalUSD } : {}),
      chains: p.chains.map((c) => ({
        chainId: c.chainId,
        ...(c.errorReason ? { errorReason: c.errorReason } : {}),
        nativeBalances: c.nativeBalances.map(nativeBalanceOut),
        ...(c.nativeTotal !== null ? { nativeTotal: c.nativeTotal } : {}),
        ...(c.nativeTotalUSD ? { nativeTotalUSD: c.nativeTotalUSD } : {}),
        balances: c.balances.map(tokenBalanceOut),
        truncated: c.truncated,
      })),
      holdings: p.holdings.map(holdingOut),
      history: {
        page: multiChainPageOut(p.history),
        chains: p.history.chains.map((c) => ({ chainId: c.chainId, ...(c.errorReason ? { errorReason: c.errorReason } : {}) })),
        transactions: p.history.transactions.map(transactionOut),
      },
    },
  };
};
