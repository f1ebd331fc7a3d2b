// The RPC table: each documented Service/Operation → a GraphQL document plus request/response renaming.
// No rules live here; an operation that is not in the table answers the webrpc bad-route error.
import type { DocumentNode } from 'graphql';
import { COLLECTIONS_PAGE } from '../domain/collections/service';
import { loadRpcDocument } from './documents';
import type { ServiceName } from './errors';
import type * as Ops from './generated/operations';
import { collectionsCrudEntries } from './table-collections';
import { indexerExtrasEntries } from './table-indexer-extras';
import { gatewayEntries } from './table-gateway';
import { metadataSearchEntries } from './table-metadata-search';
import { metadataTaskEntries } from './table-metadata-tasks';
import { webhookEntries } from './table-webhooks';
import { marketStatsOut, marketTxnEventTotalIn } from './wire/analytics';
import { getLinkedWalletsIn, linkWalletIn, linkedWalletOut, removeLinkedWalletIn } from './wire/api';
import { collectionOut, tokenMetadataIn, updatedTokenOut } from './wire/collections';
import { chainIdIn, numberedPageIn, numberedPageOut, type Answered, type Body } from './wire/common';
import { balanceOut, eventFilterIn, filterIn, logOut, receiptOut, resumeIn } from './wire/indexer-streams';
import {
  balanceUpdateOut,
  cursorPageOut,
  getBalanceUpdatesIn,
  getTokenBalancesIn,
  getTokenBalancesSummaryIn,
  getTransactionHistoryIn,
  nativeBalanceOut,
  tokenBalanceOut,
  transactionOut,
} from './wire/indexer';
import { byAddress, contractInfoOut, contractTokenMapIn, metadataTokenOut, searchContractsIn } from './wire/metadata';

export type RpcEntry<Data = any> = {
  service: ServiceName;
  operation: string;
  document: DocumentNode;
  variables: (body: Body) => Record<string, unknown>;
  /** For a stream, called once per message. */
  reply(data: Answered<Data>, body: Body): Record<string, unknown>;
  /** Subscribe* operations: a GraphQL subscription served as an NDJSON stream. */
  stream?: boolean;
};

const entry = <Data>(service: ServiceName, operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply' | 'stream'>): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(`${service}.${operation}`),
  ...e,
});

export const createRpcTable = (): Map<string, RpcEntry> => {
  const entries: RpcEntry[] = [
    entry<Ops.ListCollectionsQuery>('Collections', 'ListCollections', {
      variables: (b) => ({ projectId: b.projectId, ...numberedPageIn(b.page, COLLECTIONS_PAGE) }),
      reply: (d, b) => ({ page: numberedPageOut(d.collections, b.page), collections: d.collections.nodes.map(collectionOut) }),
    }),
    entry<Ops.GetCollectionQuery>('Collections', 'GetCollection', {
      variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
      reply: (d) => ({ collection: collectionOut(d.collection) }),
    }),
    entry<Ops.UpdateTokenMutation>('Collections', 'UpdateToken', {
      variables: (b) => ({
        projectId: b.projectId,
        collectionId: b.collectionId,
        tokenId: b.tokenId,
        token: tokenMetadataIn(b.token),
        private: b.private,
      }),
      reply: (d) => ({ token: updatedTokenOut(d.updateCollectionToken) }),
    }),
    entry<Ops.GetLinkedWalletsQuery>('API', 'GetLinkedWallets', {
      variables: getLinkedWalletsIn,
      reply: (d) => ({ linkedWallets: d.linkedWallets.map(linkedWalletOut) }),
    }),
    entry<Ops.LinkWalletMutation>('API', 'LinkWallet', { variables: linkWalletIn, reply: () => ({ status: true }) }),
    entry<Ops.RemoveLinkedWalletMutation>('API', 'RemoveLinkedWallet', {
      variables: removeLinkedWalletIn,
      reply: (d) => ({ status: d.removeLinkedWallet }),
    }),
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
    ...collectionsCrudEntries(),
    ...indexerQueryEntries(),
    ...indexerExtrasEntries(),
    ...gatewayEntries(),
    ...metadataEntries(),
    ...metadataSearchEntries(),
    ...metadataTaskEntries(),
    ...webhookEntries(),
    entry<Ops.MarketTxnEventTotalQuery>('Analytics', 'MarketTxnEventTotal', { variables: marketTxnEventTotalIn, reply: marketStatsOut }),
  ];
  return new Map(entries.map((e) => [`/rpc/${e.service}/${e.operation}`, e]));
};

/** The Metadata service, with the renamed routes of newer clients as aliases (wire notes, Decision 5). */
const metadataEntries = (): RpcEntry[] => {
  const searchContracts = entry<Ops.SearchContractsQuery>('Metadata', 'SearchContracts', {
    variables: searchContractsIn,
    reply: (d, b) => ({ contractInfo: d.searchContracts.nodes.map(contractInfoOut), nextPage: numberedPageOut(d.searchContracts, b.page) }),
  });
  const searchContractInfo = entry<Ops.SearchContractInfoQuery>('Metadata', 'SearchContractInfo', {
    variables: (b) => ({ contractAddress: b.contractAddress }),
    reply: (d) => ({ contractInfoList: d.findContractInfo.map(contractInfoOut) }),
  });
  const searchContractInfoBatch = entry<Ops.SearchContractInfoBatchQuery>('Metadata', 'SearchContractInfoBatch', {
    variables: (b) => ({ contractAddresses: b.contractAddresses }),
    reply: (d) => ({ contractInfoByChain: byAddress(d.findContractInfoBatch, (e) => e.address, (e) => e.contractInfo.map(contractInfoOut)) }),
  });
  const alias = (e: RpcEntry, operation: string): RpcEntry => ({ ...e, operation });
  return [
    searchContracts,
    alias(searchContracts, 'SearchContractsByQuery'),
    searchContractInfo,
    alias(searchContractInfo, 'FindContractInfo'),
    searchContractInfoBatch,
    alias(searchContractInfoBatch, 'FindContractInfoBatch'),
    entry<Ops.GetContractInfoQuery>('Metadata', 'GetContractInfo', {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress }),
      reply: (d) => ({ contractInfo: contractInfoOut(d.contractInfo) }),
    }),
    entry<Ops.GetTokenMetadataQuery>('Metadata', 'GetTokenMetadata', {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, tokenIDs: b.tokenIDs }),
      reply: (d) => ({ tokenMetadata: d.tokenMetadata.map(metadataTokenOut) }),
    }),
    entry<Ops.GetTokenMetadataBatchQuery>('Metadata', 'GetTokenMetadataBatch', {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), contractTokenMap: contractTokenMapIn(b.contractTokenMap) }),
      reply: (d) => ({
        contractTokenMetadata: byAddress(d.tokenMetadataBatch, (e) => e.contractAddress, (e) => e.tokenMetadata.map(metadataTokenOut)),
      }),
    }),
  ];
};

/** The Indexer's queries: cursor pages (`page.after` echoed back), one chain per request (`chainID` or the only one). */
const indexerQueryEntries = (): RpcEntry[] => [
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
];
