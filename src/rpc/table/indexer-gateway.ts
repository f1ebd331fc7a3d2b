// The IndexerGateway service (indexergw.gen.ts of @0xsequence/indexer 3.0.13): every chain's reads in one request,
// prices from the operator's feed, and the status methods. Each a GraphQL document (schema/rpc/IndexerGateway.<Op>.graphql)
// plus renaming (rpc/wire/gateway.ts, rpc/wire/prices.ts), no rules.
import type * as Ops from '../generated/operations';
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
} from '../wire/gateway';
import { balanceUpdateOut, nativeBalanceOut, tokenBalanceOut, transactionOut } from '../wire/indexer';
import { gatewayPriceOut, gatewayTokenPriceIn, gatewayTokenPricesIn } from '../wire/prices';
import { gatewayRuntimeStatusOut } from '../wire/runtime-status';
import { entry, statusEntries, type RpcEntry } from './entry';

export const indexerGatewayEntries = (): RpcEntry[] => [
  entry<Ops.GatewayGetTokenPricesQuery>('IndexerGateway', 'GetTokenPrice', {
    document: 'IndexerGateway.GetTokenPrices',
    variables: gatewayTokenPriceIn,
    reply: (d) => ({ price: d.multiChainTokenPrices[0] ? gatewayPriceOut(d.multiChainTokenPrices[0]) : null }),
  }),
  entry<Ops.GatewayGetTokenPricesQuery>('IndexerGateway', 'GetTokenPrices', {
    variables: gatewayTokenPricesIn,
    reply: (d) => ({ prices: d.multiChainTokenPrices.map(gatewayPriceOut) }),
  }),
  entry<Ops.GatewayGetChainsQuery>('IndexerGateway', 'GetChains', {
    variables: gatewayGetChainsIn,
    reply: (d) => ({ chains: d.networks.map((c) => ({ chainId: c.chainId, chainName: c.name ?? String(c.chainId) })) }),
  }),
  entry<Ops.GatewayGetTokenBalancesQuery>('IndexerGateway', 'GetTokenBalances', {
    variables: gatewayTokenBalancesIn,
    reply: ({ multiChainTokenBalances: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut) }),
  }),
  entry<Ops.GatewayGetTokenBalancesSummaryQuery>('IndexerGateway', 'GetTokenBalancesSummary', {
    variables: gatewayTokenBalancesSummaryIn,
    reply: ({ multiChainTokenBalancesSummary: p }) => ({
      page: multiChainPageOut(p),
      nativeBalances: perChainOut(p.chains, (c) => c.nativeBalances, nativeBalanceOut),
      balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut),
    }),
  }),
  entry<Ops.GatewayGetTransactionHistoryQuery>('IndexerGateway', 'GetTransactionHistory', {
    variables: gatewayTransactionHistoryIn,
    reply: ({ multiChainTransactionHistory: p }) => ({ page: multiChainPageOut(p), transactions: perChainOut(p.chains, (c) => c.nodes, transactionOut) }),
  }),
  entry<Ops.GatewayGetBalanceUpdatesQuery>('IndexerGateway', 'GetBalanceUpdates', {
    variables: gatewayBalanceUpdatesIn,
    reply: ({ multiChainBalanceUpdates: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, balanceUpdateOut) }),
  }),
  entry<Ops.GatewayGetTokenBalancesDetailsQuery>('IndexerGateway', 'GetTokenBalancesDetails', {
    variables: gatewayTokenBalancesDetailsIn,
    reply: ({ multiChainTokenBalancesDetails: p }) => ({
      page: multiChainPageOut(p),
      nativeBalances: perChainOut(p.chains, (c) => c.nativeBalances, nativeBalanceOut),
      balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut),
    }),
  }),
  entry<Ops.GatewayGetTokenBalancesByContractQuery>('IndexerGateway', 'GetTokenBalancesByContract', {
    variables: gatewayTokenBalancesByContractIn,
    reply: ({ multiChainTokenBalancesByContract: p }) => ({ page: multiChainPageOut(p), balances: perChainOut(p.chains, (c) => c.nodes, tokenBalanceOut) }),
  }),
  entry<Ops.GatewayGetNativeTokenBalanceQuery>('IndexerGateway', 'GetNativeTokenBalance', {
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
];
