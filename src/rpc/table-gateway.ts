// The IndexerGateway service (indexergw.gen.ts of @0xsequence/indexer 3.0.13), the price methods of the Indexer and
// the gateway, and the Ping, Version and RuntimeStatus of every service: GraphQL documents (schema/rpc/IndexerGateway.*, Indexer.Ping/Version/RuntimeStatus) plus renaming
// (rpc/wire/gateway.ts, rpc/wire/runtime-status.ts), no rules.
import { loadRpcDocument } from './documents';
import type { ServiceName } from './errors';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import {
  gatewayBalanceUpdatesIn,
  gatewayGetChainsIn,
  gatewayNativeTokenBalanceIn,
  gatewayTokenBalancesByContractIn,
  gatewayTokenBalancesDetailsIn,
  gatewayTokenBalancesIn,
  gatewayTokenBalancesSummaryIn,
  gatewayTransactionHistoryIn,
  multiChainPageOut,
  perChainOut,
} from './wire/gateway';
import { balanceUpdateOut, cursorPageIn, cursorPageOut, nativeBalanceOut, tokenBalanceOut, transactionOut } from './wire/indexer';
import { chainIdIn } from './wire/common';
import { gatewayPriceOut, gatewayTokenPriceIn, gatewayTokenPricesIn, getTokenPriceIn, getTokenPricesIn, priceOut } from './wire/prices';
import { gatewayRuntimeStatusOut, indexerRuntimeStatusOut, metadataRuntimeStatusOut, versionOut } from './wire/runtime-status';

const entry = <Data>(service: ServiceName, operation: string, document: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(document),
  ...e,
});

const gw = <Data>(operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>) => entry<Data>('IndexerGateway', operation, `IndexerGateway.${operation}`, e);

/** Ping, Version and RuntimeStatus take no arguments; the Indexer's runtime status reports the chain its base URL names. */
const statusEntries = (service: ServiceName, runtimeStatusOut: RpcEntry<Ops.RuntimeStatusQuery>['reply']): RpcEntry[] => [
  entry<Ops.PingQuery>(service, 'Ping', 'Indexer.Ping', { variables: () => ({}), reply: (d) => ({ status: d.ping }) }),
  entry<Ops.VersionQuery>(service, 'Version', 'Indexer.Version', { variables: () => ({}), reply: versionOut }),
  entry<Ops.RuntimeStatusQuery>(service, 'RuntimeStatus', 'Indexer.RuntimeStatus', { variables: () => ({}), reply: runtimeStatusOut }),
];

/** Prices from the operator's feed (PRICE_FEED_URL); without one each answers Unavailable naming the setting. */
const priceEntries = (): RpcEntry[] => [
  entry<Ops.GetTokenPricesQuery>('Indexer', 'GetTokenPrice', 'Indexer.GetTokenPrices', {
    variables: getTokenPriceIn,
    // A token the feed does not price has no price: null, as a Go server sends a nil pointer.
    reply: (d) => ({ price: d.tokenPrices[0] ? priceOut(d.tokenPrices[0]) : null }),
  }),
  entry<Ops.GetTokenPricesQuery>('Indexer', 'GetTokenPrices', 'Indexer.GetTokenPrices', {
    variables: getTokenPricesIn,
    reply: (d) => ({ prices: d.tokenPrices.map(priceOut) }),
  }),
  entry<Ops.ListTokenPricesQuery>('Indexer', 'ListTokenPrices', 'Indexer.ListTokenPrices', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), ...cursorPageIn(b.page) }),
    reply: ({ tokenPriceList: c }) => ({ page: cursorPageOut(c), prices: c.nodes.map(priceOut) }),
  }),
  entry<Ops.GatewayGetTokenPricesQuery>('IndexerGateway', 'GetTokenPrice', 'IndexerGateway.GetTokenPrices', {
    variables: gatewayTokenPriceIn,
    reply: (d) => ({ price: d.multiChainTokenPrices[0] ? gatewayPriceOut(d.multiChainTokenPrices[0]) : null }),
  }),
  entry<Ops.GatewayGetTokenPricesQuery>('IndexerGateway', 'GetTokenPrices', 'IndexerGateway.GetTokenPrices', {
    variables: gatewayTokenPricesIn,
    reply: (d) => ({ prices: d.multiChainTokenPrices.map(gatewayPriceOut) }),
  }),
];

export const gatewayEntries = (): RpcEntry[] => [
  ...priceEntries(),
  gw<Ops.GatewayGetChainsQuery>('GetChains', {
    variables: gatewayGetChainsIn,
    reply: (d) => ({ chains: d.networks.map((c) => ({ chainId: c.chainId, chainName: c.name ?? String(c.chainId) })) }),
  }),
  gw<Ops.GatewayGetTokenBalancesQuery>('GetTokenBalances', {
    variables: gatewayTokenBalancesIn,
    reply: ({ multiChainTokenBalances: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut) }),
  }),
  gw<Ops.GatewayGetTokenBalancesSummaryQuery>('GetTokenBalancesSummary', {
    variables: gatewayTokenBalancesSummaryIn,
    reply: ({ multiChainTokenBalancesSummary: p }) => ({
      page: multiChainPageOut(p),
      nativeBalances: perChainOut(p.chains, (c) => c.nativeBalances, nativeBalanceOut),
      balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut),
    }),
  }),
  gw<Ops.GatewayGetTransactionHistoryQuery>('GetTransactionHistory', {
    variables: gatewayTransactionHistoryIn,
    reply: ({ multiChainTransactionHistory: p }) => ({ page: multiChainPageOut(p), transactions: perChainOut(p.chains, (c) => c.nodes, transactionOut) }),
  }),
  gw<Ops.GatewayGetBalanceUpdatesQuery>('GetBalanceUpdates', {
    variables: gatewayBalanceUpdatesIn,
    reply: ({ multiChainBalanceUpdates: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, balanceUpdateOut) }),
  }),
  gw<Ops.GatewayGetTokenBalancesDetailsQuery>('GetTokenBalancesDetails', {
    variables: gatewayTokenBalancesDetailsIn,
    reply: ({ multiChainTokenBalancesDetails: p }) => ({
      page: multiChainPageOut(p),
      nativeBalances: perChainOut(p.chains, (c) => c.nativeBalances, nativeBalanceOut),
      balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut),
    }),
  }),
  gw<Ops.GatewayGetTokenBalancesByContractQuery>('GetTokenBalancesByContract', {
    variables: gatewayTokenBalancesByContractIn,
    reply: ({ multiChainTokenBalancesByContract: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut) }),
  }),
  gw<Ops.GatewayGetNativeTokenBalanceQuery>('GetNativeTokenBalance', {
    variables: gatewayNativeTokenBalanceIn,
    // A chain that failed has no balance: `result` is null beside its errorReason.
    reply: (d) => ({
      balances: d.multiChainNativeBalances.map((c) => ({
        chainId: c.chainId,
        ...(c.errorReason ? { errorReason: c.errorReason } : {}),
        result: c.balance ? nativeBalanceOut(c.balance) : null,
      })),
    }),
  }),
  ...statusEntries('IndexerGateway', gatewayRuntimeStatusOut),
  ...statusEntries('Indexer', indexerRuntimeStatusOut),
  ...statusEntries('Metadata', metadataRuntimeStatusOut),
];
