// RPC entries of trait search (Metadata), GetContractInfoBatch and the Admin contract-info overrides; renaming only.
import { OVERRIDES_PAGE } from '../domain/contracts/overrides';
import { TOKEN_QUERY_PAGE, TOKEN_SEARCH_PAGE } from '../domain/token-search/service';
import { loadRpcDocument } from './documents';
import type { ServiceName } from './errors';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import { chainIdIn, numberedPageIn, numberedPageOut } from './wire/common';
import { byAddress, contractInfoOut, metadataTokenOut } from './wire/metadata';
import { foundTokenOut, overrideIn, overrideKeyIn, overrideOut, propertyFilterOut, searchFilterIn } from './wire/metadata-search';
import type { Body } from './wire/common';

const entry = <Data>(service: ServiceName, operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(`${service}.${operation}`),
  ...e,
});

const searchIn = (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  contractAddress: b.contractAddress,
  filter: searchFilterIn(b.filter),
  ...numberedPageIn(b.page, TOKEN_SEARCH_PAGE),
});

export const metadataSearchEntries = (): RpcEntry[] => [
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
  entry<Ops.GetContractInfoOverrideQuery>('Admin', 'GetContractInfoOverride', {
    variables: overrideKeyIn,
    reply: (d) => ({ contractInfoOverride: overrideOut(d.contractInfoOverride) }),
  }),
  entry<Ops.GetContractInfoOverridesQuery>('Admin', 'GetContractInfoOverrides', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), ...numberedPageIn(b.page, OVERRIDES_PAGE) }),
    reply: ({ contractInfoOverrides: c }, b) => ({ contractInfoOverrides: c.nodes.map(overrideOut), page: numberedPageOut(c, b.page) }),
  }),
  entry<Ops.AddContractInfoOverrideMutation>('Admin', 'AddContractInfoOverride', {
    variables: (b) => ({ ...overrideKeyIn(b), override: overrideIn(b.contractInfoOverride) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.UpdateContractInfoOverrideMutation>('Admin', 'UpdateContractInfoOverride', {
    variables: (b) => ({ ...overrideKeyIn(b), override: overrideIn(b.contractInfoOverride) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.RemoveContractInfoOverrideMutation>('Admin', 'RemoveContractInfoOverride', {
    variables: overrideKeyIn,
    reply: (d) => ({ ok: d.removeContractInfoOverride }),
  }),
];
