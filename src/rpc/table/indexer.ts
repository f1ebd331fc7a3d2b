// The Indexer service (indexer.gen.ts of the published clients 2.x and 3.0.13), one chain per request (`chainID`, set
// from the per-chain base URL, or the only one): the Subscribe* streams, cursor-paged queries (`page.after` echoed
// back), balances, supplies, receipts, webhooks (the project is the bearer token's), prices and the status methods.
// Each a GraphQL document (schema/rpc/Indexer.<Op>.graphql) plus renaming (rpc/wire/indexer*.ts, rpc/wire/webhooks.ts),
// no rules.
import type * as Ops from '../generated/operations';
import { chainIdIn } from '../wire/common';
import {
  balanceUpdateOut,
  cursorPageIn,
  cursorPageOut,
  getBalanceUpdatesIn,
  getTokenBalancesIn,
  getTokenBalancesSummaryIn,
  getTransactionHistoryIn,
  nativeBalanceOut,
  tokenBalanceOut,
  transactionOut,
} from '../wire/indexer';
import {
  balancesFilterRequestIn,
  byContractFilterIn,
  fetchedReceiptOut,
  nativeTokenBalanceIn,
  optionalIdIn,
  receiptFilterIn,
  tokenBalancesFilterIn,
  tokenIdRangesOut,
  tokenIdsOut,
  tokenMapIn,
  tokenSuppliesMapOut,
  tokenSuppliesOut,
} from '../wire/indexer-extras';
import { balanceOut, eventFilterIn, filterIn, logOut, receiptOut, resumeIn } from '../wire/indexer-streams';
import { getTokenPriceIn, getTokenPricesIn, priceOut } from '../wire/prices';
import { indexerRuntimeStatusOut } from '../wire/runtime-status';
import { addWebhookListenerIn, updateWebhookListenerIn, webhookIdIn, webhookListenerOut, webhookScopeIn } from '../wire/webhooks';
import { entry, statusEntries, type RpcEntry } from './entry';

export const indexerEntries = (): RpcEntry[] => [
  entry<Ops.SubscribeBalanceUpdatesSubscription>('Indexer', 'SubscribeBalanceUpdates', {
    stream: true,
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, ...resumeIn(b) }),
    reply: (d) => ({ balance: balanceOut(d.balanceUpdates), cursor: d.balanceUpdates.cursor }),
  }),
  entry<Ops.SubscribeEventsSubscription>('Indexer', 'SubscribeEvents', {
    stream: true,
    variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: eventFilterIn(b.filter) ?? {}, ...resumeIn(b) }),
    reply: (d) => ({ log: logOut(d.events), cursor: d.events.cursor }),
  }),
  entry<Ops.SubscribeReceiptsSubscription>('Indexer', 'SubscribeReceipts', {
    stream: true,
    variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: filterIn(b.filter, ['txnHash', 'from', 'to', 'contractAddress', 'event']), ...resumeIn(b) }),
    reply: (d) => ({ receipt: receiptOut(d.receipts), cursor: d.receipts.cursor }),
  }),
  entry<Ops.GetTransactionHistoryQuery>('Indexer', 'GetTransactionHistory', {
    variables: getTransactionHistoryIn,
    reply: ({ transactionHistory: c }) => ({ page: cursorPageOut(c), transactions: c.edges.map((e) => transactionOut(e.node)) }),
  }),
  entry<Ops.GetTokenBalancesQuery>('Indexer', 'GetTokenBalances', {
    variables: getTokenBalancesIn,
    reply: ({ tokenBalances: c }) => ({ page: cursorPageOut(c), balances: c.edges.map((e) => tokenBalanceOut(e.node)) }),
  }),
  entry<Ops.GetTokenBalancesSummaryQuery>('Indexer', 'GetTokenBalancesSummary', {
    variables: getTokenBalancesSummaryIn,
    reply: ({ tokenBalancesSummary: c }) => ({
      page: cursorPageOut(c),
      nativeBalances: c.nativeBalances.map(nativeBalanceOut),
      balances: c.edges.map((e) => tokenBalanceOut(e.node)),
    }),
  }),
  entry<Ops.GetBalanceUpdatesQuery>('Indexer', 'GetBalanceUpdates', {
    variables: getBalanceUpdatesIn,
    reply: ({ balanceUpdates: c }) => ({ page: cursorPageOut(c), balances: c.edges.map((e) => balanceUpdateOut(e.node)) }),
  }),
  entry<Ops.GetNativeTokenBalanceQuery>('Indexer', 'GetNativeTokenBalance', {
    variables: nativeTokenBalanceIn,
    reply: (d) => ({ balance: nativeBalanceOut(d.nativeBalance) }),
  }),
  // Deprecated in the clients for GetNativeTokenBalance: the same read, in the older EtherBalance shape.
  entry<Ops.GetNativeTokenBalanceQuery>('Indexer', 'GetEtherBalance', {
    document: 'Indexer.GetNativeTokenBalance',
    variables: nativeTokenBalanceIn,
    reply: (d) => ({ balance: { accountAddress: d.nativeBalance.accountAddress, balanceWei: d.nativeBalance.balance } }),
  }),
  entry<Ops.GetTokenBalancesDetailsQuery>('Indexer', 'GetTokenBalancesDetails', {
    variables: balancesFilterRequestIn(tokenBalancesFilterIn),
    reply: ({ tokenBalancesDetails: c }) => ({
      page: cursorPageOut(c),
      nativeBalances: c.nativeBalances.map(nativeBalanceOut),
      balances: c.edges.map((e) => tokenBalanceOut(e.node)),
    }),
  }),
  entry<Ops.GetTokenBalancesByContractQuery>('Indexer', 'GetTokenBalancesByContract', {
    variables: balancesFilterRequestIn(byContractFilterIn),
    reply: ({ tokenBalancesByContract: c }) => ({ page: cursorPageOut(c), balances: c.edges.map((e) => tokenBalanceOut(e.node)) }),
  }),
  entry<Ops.GetTokenSuppliesQuery>('Indexer', 'GetTokenSupplies', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, includeMetadata: b.includeMetadata ?? false, ...cursorPageIn(b.page) }),
    reply: tokenSuppliesOut,
  }),
  entry<Ops.GetTokenSuppliesMapQuery>('Indexer', 'GetTokenSuppliesMap', { variables: tokenMapIn, reply: tokenSuppliesMapOut }),
  entry<Ops.GetTokenIDsQuery>('Indexer', 'GetTokenIDs', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, ...cursorPageIn(b.page) }),
    reply: tokenIdsOut,
  }),
  entry<Ops.GetTokenIdRangesQuery>('Indexer', 'GetTokenIDRanges', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, lastTokenID: optionalIdIn(b.lastTokenID) }),
    reply: tokenIdRangesOut,
  }),
  entry<Ops.FetchTransactionReceiptQuery>('Indexer', 'FetchTransactionReceipt', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: { txnHash: b.txnHash }, maxBlockWait: b.maxBlockWait }),
    reply: fetchedReceiptOut,
  }),
  entry<Ops.FetchTransactionReceiptQuery>('Indexer', 'FetchTransactionReceiptWithFilter', {
    document: 'Indexer.FetchTransactionReceipt',
    variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: receiptFilterIn(b.filter) ?? {}, maxBlockWait: b.maxBlockWait }),
    reply: fetchedReceiptOut,
  }),
  entry<Ops.SyncBalanceMutation>('Indexer', 'SyncBalance', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), accountAddress: b.accountAddress, contractAddress: b.contractAddress, tokenID: optionalIdIn(b.tokenID) }),
    reply: () => ({}),
  }),
  entry<Ops.GetChainIdQuery>('Indexer', 'GetChainID', { variables: (b) => ({ chainID: chainIdIn(b.chainID) }), reply: (d) => ({ chainID: d.chainId }) }),
  entry<Ops.AddWebhookListenerMutation>('Indexer', 'AddWebhookListener', {
    variables: addWebhookListenerIn,
    // The secret rides along as an extra field of the listener: shown this once, ignored by clients that do not know it.
    reply: ({ addWebhookListener: n }) => ({ status: true, listener: { ...webhookListenerOut(n.listener), secret: n.secret } }),
  }),
  entry<Ops.UpdateWebhookListenerMutation>('Indexer', 'UpdateWebhookListener', { variables: updateWebhookListenerIn, reply: () => ({ status: true }) }),
  entry<Ops.RemoveWebhookListenerMutation>('Indexer', 'RemoveWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ status: d.removeWebhookListener }),
  }),
  entry<Ops.ToggleWebhookListenerMutation>('Indexer', 'ToggleWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ webhookListener: webhookListenerOut(d.toggleWebhookListener) }),
  }),
  entry<Ops.PauseAllWebhookListenersMutation>('Indexer', 'PauseAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.ResumeAllWebhookListenersMutation>('Indexer', 'ResumeAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.RemoveAllWebhookListenersMutation>('Indexer', 'RemoveAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.GetWebhookListenerQuery>('Indexer', 'GetWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ listener: webhookListenerOut(d.webhookListener) }),
  }),
  entry<Ops.GetAllWebhookListenersQuery>('Indexer', 'GetAllWebhookListeners', {
    variables: webhookScopeIn,
    reply: (d) => ({ listeners: d.webhookListeners.map(webhookListenerOut) }),
  }),
  // Prices from the operator's feed (PRICE_FEED_URL); without one each answers Unavailable naming the setting.
  entry<Ops.GetTokenPricesQuery>('Indexer', 'GetTokenPrice', {
    document: 'Indexer.GetTokenPrices',
    variables: getTokenPriceIn,
    // A token the feed does not price has no price: null, as a Go server sends a nil pointer.
    reply: (d) => ({ price: d.tokenPrices[0] ? priceOut(d.tokenPrices[0]) : null }),
  }),
  entry<Ops.GetTokenPricesQuery>('Indexer', 'GetTokenPrices', {
    variables: getTokenPricesIn,
    reply: (d) => ({ prices: d.tokenPrices.map(priceOut) }),
  }),
  entry<Ops.ListTokenPricesQuery>('Indexer', 'ListTokenPrices', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), ...cursorPageIn(b.page) }),
    reply: ({ tokenPriceList: c }) => ({ page: cursorPageOut(c), prices: c.nodes.map(priceOut) }),
  }),
  ...statusEntries('Indexer', indexerRuntimeStatusOut),
];
