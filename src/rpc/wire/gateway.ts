// IndexerGateway wire shapes (indexergw.gen.ts of @0xsequence/indexer 3.0.13): the chain selection and bodies renamed
// into GraphQL variables, multi-chain pages renamed into per-chain `{chainId, errorReason?, results}` lists.
import { chainIdIn, unsetIn, type Body } from './common';
import { balancesFilterRequestIn, byContractFilterIn, tokenBalancesFilterIn } from './indexer-extras';
import { blockNumberIn, getBalanceUpdatesIn, getTokenBalancesIn, getTokenBalancesSummaryIn, getTransactionHistoryIn } from './indexer';

/** `chainIds` (numbers) and `networks` (names) together: GraphQL takes ids and names in one list. */
export const chainSelectionIn = (b: Body) => {
  const list = (v: unknown): unknown[] | null => (v === undefined || v === null ? null : Array.isArray(v) ? v : [v]);
  const ids = list(b.chainIds);
  const names = list(b.networks);
  const both = ids || names ? [...(ids ?? []), ...(names ?? [])].map(chainIdIn) : null;
  // Go clients send an unset enum as ""; GraphQL refuses a name it does not know.
  const type = b.networkType === '' || b.networkType === null ? undefined : typeof b.networkType === 'string' ? b.networkType.trim().toUpperCase() : b.networkType;
  return { chainIds: both, networkType: type };
};

/** The single-chain mapper's variables, with the chain selection instead of `chainID`. */
const across = (single: (b: Body) => Record<string, unknown>) => (b: Body) => {
  const { chainID: _single, ...rest } = single(b);
  return { ...rest, ...chainSelectionIn(b) };
};

export const gatewayTokenBalancesIn = across(getTokenBalancesIn);
export const gatewayTokenBalancesSummaryIn = across(getTokenBalancesSummaryIn);
export const gatewayTransactionHistoryIn = across(getTransactionHistoryIn);
export const gatewayBalanceUpdatesIn = across((b) => ({ ...getBalanceUpdatesIn(b), lastBlockNumber: blockNumberIn(b.lastBlockNumber) }));
export const gatewayTokenBalancesDetailsIn = across(balancesFilterRequestIn(tokenBalancesFilterIn));
export const gatewayTokenBalancesByContractIn = across(balancesFilterRequestIn(byContractFilterIn));
export const gatewayNativeTokenBalanceIn = (b: Body) => ({ accountAddress: unsetIn(b.accountAddress), ...chainSelectionIn(b) });
export const gatewayGetChainsIn = (b: Body) => ({ networkType: chainSelectionIn(b).networkType });

type MultiChainPage = { pageSize: number; hasNextPage: boolean; endCursor?: string | null };

/**
 * One `page` for all chains: `more` when a chain that answered has more rows; `after` (every chain's place) whenever a
 * chain is not done, so a page whose only unfinished chain failed can be sent back to read that chain again.
 */
export const multiChainPageOut = (p: MultiChainPage) => ({ ...(p.endCursor ? { after: p.endCursor } : {}), pageSize: p.pageSize, more: p.hasNextPage });

type ChainPage = { chainId: number; errorReason?: string | null };

/** Each chain's `{chainId, errorReason?, results}` from its list `rows`; errorReason is omitted when the chain answered (omitempty). */
export const perChainOut = <C extends ChainPage, N, R>(chains: C[], rows: (c: C) => N[], out: (n: N) => R) =>
  chains.map((c) => ({ chainId: c.chainId, ...(c.errorReason ? { errorReason: c.errorReason } : {}), results: rows(c).map(out) }));

