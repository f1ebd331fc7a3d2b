// The Metadata service (metadata.gen.ts of the published clients): contract info and token metadata, trait search,
// refresh tasks (Refresh* queue a task and answer its id; GetTask / GetTaskStatus read it), the token directory's reads
// and the status methods.
// Each a GraphQL document (schema/rpc/Metadata.<Op>.graphql) plus renaming (rpc/wire/metadata*.ts), no rules.
import { TOKEN_QUERY_PAGE, TOKEN_SEARCH_PAGE } from '../../domain/token-search/service';
import type * as Ops from '../generated/operations';
import { chainIdIn, numberedPageIn, numberedPageOut, type Body } from '../wire/common';
import { byAddress, contractInfoOut, contractTokenMapIn, metadataTokenOut, searchContractsIn } from '../wire/metadata';
import { foundTokenOut, propertyFilterOut, searchFilterIn } from '../wire/metadata-search';
import { refreshContractsIn, refreshTokenMetadataIn, taskOut, taskStatusOut } from '../wire/metadata-tasks';
import { metadataRuntimeStatusOut } from '../wire/runtime-status';
import { directoryContractsOut, directoryNetworksOut, directoryPageOut, searchTokenDirectoryIn, tokenDirectoryIn } from '../wire/token-directory';
import { entry, statusEntries, type RpcEntry } from './entry';

const searchIn = (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  contractAddress: b.contractAddress,
  filter: searchFilterIn(b.filter),
  ...numberedPageIn(b.page, TOKEN_SEARCH_PAGE),
});

/**
 * The names older published clients (2.2 and before) still call, served as the methods they were renamed to: the
 * same documents, with the old request and reply keys (SearchTokenIDs' `tokenIds`, RefreshAllContractTokens'
 * `chainHandle` and `retryAfter`).
 */
const deprecatedEntries = (): RpcEntry[] => [
  entry<Ops.SearchTokenMetadataByQueryQuery>('Metadata', 'SearchTokens', {
    document: 'Metadata.SearchTokenMetadataByQuery',
    variables: (b) => ({ q: b.q, chainID: chainIdIn(b.chainID), ...numberedPageIn(b.page, TOKEN_QUERY_PAGE) }),
    reply: ({ searchTokenMetadataByQuery: c }, b) => ({ tokenMetadata: c.nodes.map(foundTokenOut), nextPage: numberedPageOut(c, b.page) }),
  }),
  entry<Ops.SearchTokenMetadataTokenIDsQuery>('Metadata', 'SearchTokenIDs', {
    document: 'Metadata.SearchTokenMetadataTokenIDs',
    variables: searchIn,
    reply: ({ searchTokenMetadata: c }, b) => ({ page: numberedPageOut(c, b.page), tokenIds: c.nodes.map((t) => t.tokenId) }),
  }),
  entry<Ops.GetTokenMetadataPropertyFiltersQuery>('Metadata', 'TokenCollectionFilters', {
    document: 'Metadata.GetTokenMetadataPropertyFilters',
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, excludeProperties: [] }),
    reply: (d) => ({ filters: d.tokenPropertyFilters.map(propertyFilterOut) }),
  }),
  entry<Ops.GetTaskStatusQuery>('Metadata', 'GetTokenRefreshStatus', {
    document: 'Metadata.GetTaskStatus',
    variables: (b) => ({ taskId: b.taskId }),
    reply: (d) => ({ status: taskStatusOut(d.metadataTask.status) }),
  }),
  // Every cached token of the contract, as RefreshTokenMetadata without tokenIDs; Strata never asks a caller to wait.
  entry<Ops.RefreshTokenMetadataMutation>('Metadata', 'RefreshAllContractTokens', {
    document: 'Metadata.RefreshTokenMetadata',
    variables: (b) => ({ chainID: chainIdIn(b.chainHandle), contractAddress: b.contractAddress }),
    reply: (d) => ({ taskID: d.queueTokenMetadataRefresh.id, retryAfter: 0 }),
  }),
  entry<Ops.SearchMetadataQuery>('Metadata', 'SearchMetadata', {
    variables: (b) => ({ q: b.filter, chainID: chainIdIn(b.chainID), types: searchContractsIn(b).types, excludeTokenMetadata: b.excludeTokenMetadata === true }),
    reply: (d) => ({
      tokenMetadata: (d.searchTokenMetadataByQuery?.nodes ?? []).map(foundTokenOut),
      contractInfo: d.searchContracts.nodes.map(contractInfoOut),
    }),
  }),
];

/** The Metadata service, with the renamed routes of newer clients as aliases (wire notes, Decision 5). */
export const metadataEntries = (): RpcEntry[] => {
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
    entry<Ops.GetContractInfoBatchQuery>('Metadata', 'GetContractInfoBatch', {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddresses: b.contractAddresses }),
      reply: (d) => ({ contractInfoMap: byAddress(d.contractInfoBatch, (c) => c.address, contractInfoOut) }),
    }),
    entry<Ops.SearchTokenMetadataQuery>('Metadata', 'SearchTokenMetadata', {
      variables: searchIn,
      reply: ({ searchTokenMetadata: c }, b) => ({ page: numberedPageOut(c, b.page), tokenMetadata: c.nodes.map(metadataTokenOut) }),
    }),
    entry<Ops.SearchTokenMetadataTokenIDsQuery>('Metadata', 'SearchTokenMetadataTokenIDs', {
      variables: searchIn,
      reply: ({ searchTokenMetadata: c }, b) => ({ page: numberedPageOut(c, b.page), tokenIDs: c.nodes.map((t) => t.tokenId) }),
    }),
    entry<Ops.SearchTokenMetadataByQueryQuery>('Metadata', 'SearchTokenMetadataByQuery', {
      variables: (b) => ({ q: b.q, chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, ...numberedPageIn(b.page, TOKEN_QUERY_PAGE) }),
      reply: ({ searchTokenMetadataByQuery: c }, b) => ({ tokenMetadata: c.nodes.map(foundTokenOut), nextPage: numberedPageOut(c, b.page) }),
    }),
    entry<Ops.GetTokenMetadataPropertyFiltersQuery>('Metadata', 'GetTokenMetadataPropertyFilters', {
      variables: (b) => ({
        chainID: chainIdIn(b.chainID),
        contractAddress: b.contractAddress,
        excludeProperties: b.excludeProperties,
        excludePropertyValues: b.excludePropertyValues,
      }),
      reply: (d) => ({ filters: d.tokenPropertyFilters.map(propertyFilterOut) }),
    }),
    entry<Ops.GetTaskQuery>('Metadata', 'GetTask', {
      variables: (b) => ({ taskId: b.taskId }),
      reply: (d) => ({ task: taskOut(d.metadataTask) }),
    }),
    entry<Ops.GetTaskStatusQuery>('Metadata', 'GetTaskStatus', {
      variables: (b) => ({ taskId: b.taskId }),
      reply: (d) => ({ status: taskStatusOut(d.metadataTask.status) }),
    }),
    entry<Ops.RefreshTokenMetadataMutation>('Metadata', 'RefreshTokenMetadata', {
      variables: refreshTokenMetadataIn,
      reply: (d) => ({ taskID: d.queueTokenMetadataRefresh.id }),
    }),
    entry<Ops.RefreshContractInfoMutation>('Metadata', 'RefreshContractInfo', {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress }),
      reply: (d) => ({ taskID: d.queueContractInfoRefresh.id }),
    }),
    entry<Ops.RefreshContractInfoBatchMutation>('Metadata', 'RefreshContractInfoBatch', {
      variables: refreshContractsIn,
      reply: (d) => ({ taskID: d.queueContractInfoRefresh.id }),
    }),
    // The token directory, and the deprecated names go-sequence's client still calls (replies keyed `collections`).
    entry<Ops.GetTokenDirectoryNetworksQuery>('Metadata', 'GetTokenDirectoryNetworks', {
      variables: (b) => ({ includeTestnets: b.includeTestnets, onlyFeatured: b.onlyFeatured }),
      reply: directoryNetworksOut,
    }),
    entry<Ops.GetTokenDirectoryNetworksQuery>('Metadata', 'DirectoryGetNetworks', {
      document: 'Metadata.GetTokenDirectoryNetworks',
      variables: (b) => ({ includeTestnets: b.includeTestnets, onlyFeatured: b.onlyFeatured }),
      reply: (d) => ({ networks: directoryNetworksOut(d).chainIDs }),
    }),
    entry<Ops.GetTokenDirectoryQuery>('Metadata', 'GetTokenDirectory', {
      variables: tokenDirectoryIn,
      reply: (d, b) => ({ contracts: directoryContractsOut(d.tokenDirectory), page: directoryPageOut(d.tokenDirectory, b) }),
    }),
    entry<Ops.GetTokenDirectoryQuery>('Metadata', 'DirectoryGetCollections', {
      document: 'Metadata.GetTokenDirectory',
      variables: tokenDirectoryIn,
      reply: (d, b) => ({ collections: directoryContractsOut(d.tokenDirectory), page: directoryPageOut(d.tokenDirectory, b) }),
    }),
    entry<Ops.SearchTokenDirectoryQuery>('Metadata', 'SearchTokenDirectory', {
      variables: searchTokenDirectoryIn,
      reply: (d, b) => ({ contracts: directoryContractsOut(d.searchTokenDirectory), page: directoryPageOut(d.searchTokenDirectory, b) }),
    }),
    entry<Ops.SearchTokenDirectoryQuery>('Metadata', 'DirectorySearchCollections', {
      document: 'Metadata.SearchTokenDirectory',
      variables: searchTokenDirectoryIn,
      reply: (d, b) => ({ collections: directoryContractsOut(d.searchTokenDirectory), page: directoryPageOut(d.searchTokenDirectory, b) }),
    }),
    ...deprecatedEntries(),
    ...statusEntries('Metadata', metadataRuntimeStatusOut),
  ];
};
