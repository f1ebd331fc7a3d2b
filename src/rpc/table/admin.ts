// The Admin service of the Metadata clients: contract-info overrides, the token directory's curation and refresh, and
// the sweeps that queue refresh tasks for what is older than a time. Each a GraphQL document (schema/rpc/Admin.<Op>.graphql) plus renaming, no rules.
import { OVERRIDES_PAGE } from '../../domain/contracts/overrides';
import type * as Ops from '../generated/operations';
import { chainIdIn, numberedPageIn, numberedPageOut } from '../wire/common';
import { contractsToAddIn, directoryContractsOut, directoryPageOut, tokenDirectoryIn } from '../wire/token-directory';
import { overrideIn, overrideKeyIn, overrideOut } from '../wire/metadata-search';
import { entry, type RpcEntry } from './entry';

const directoryKeyIn = (b: Record<string, unknown>) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress });

export const adminEntries = (): RpcEntry[] => [
  entry<Ops.IsInTokenDirectoryQuery>('Admin', 'IsInTokenDirectory', {
    variables: directoryKeyIn,
    reply: (d) => ({ ok: d.isInTokenDirectory.listed, featureIndex: d.isInTokenDirectory.featureIndex }),
  }),
  entry<Ops.AddContractToTokenDirectoryMutation>('Admin', 'AddContractToTokenDirectory', { variables: directoryKeyIn, reply: () => ({ ok: true }) }),
  entry<Ops.RemoveContractFromTokenDirectoryMutation>('Admin', 'RemoveContractFromTokenDirectory', { variables: directoryKeyIn, reply: () => ({ ok: true }) }),
  entry<Ops.SetTokenDirectoryFeatureIndexMutation>('Admin', 'SetTokenDirectoryFeatureIndex', {
    variables: (b) => ({ ...directoryKeyIn(b), featureIndex: b.featureIndex }),
    reply: () => ({ ok: true }),
  }),
  // The deprecated single-contract forms go-sequence's Admin client still has (chainHandle, featured; collections).
  entry<Ops.IsInTokenDirectoryQuery>('Admin', 'GetFeatureIndex', {
    document: 'Admin.IsInTokenDirectory',
    variables: (b) => ({ chainID: chainIdIn(b.chainHandle), contractAddress: b.contractAddress }),
    reply: (d) => ({ featured: d.isInTokenDirectory.featureIndex }),
  }),
  entry<Ops.SetTokenDirectoryFeatureIndexMutation>('Admin', 'ModifyFeatureIndex', {
    document: 'Admin.SetTokenDirectoryFeatureIndex',
    variables: (b) => ({ chainID: chainIdIn(b.chainHandle), contractAddress: b.contractAddress, featureIndex: b.featured }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.AddContractsToTokenDirectoryMutation>('Admin', 'AddContractsToTokenDirectory', {
    variables: (b) => ({ contracts: contractsToAddIn(b) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.RemoveContractsFromTokenDirectoryMutation>('Admin', 'RemoveContractsFromTokenDirectory', {
    variables: (b) => ({ chainHandle: chainIdIn(b.chainHandle), contracts: b.contracts }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.GetTokenDirectoryQuery>('Admin', 'ListTokenDirectory', {
    document: 'Metadata.GetTokenDirectory',
    variables: tokenDirectoryIn,
    reply: (d, b) => ({ page: directoryPageOut(d.tokenDirectory, b), collections: directoryContractsOut(d.tokenDirectory) }),
  }),
  // The lists are read before the reply: no task to follow (taskID 0); Strata adds what each read did.
  entry<Ops.RefreshTokenDirectoryMutation>('Admin', 'RefreshTokenDirectory', {
    variables: () => ({}),
    reply: (d) => ({ taskID: 0, lists: d.refreshTokenDirectory }),
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
    variables: (b) => ({ ...overrideKeyIn(b), contractInfoOverride: overrideIn(b.contractInfoOverride) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.UpdateContractInfoOverrideMutation>('Admin', 'UpdateContractInfoOverride', {
    variables: (b) => ({ ...overrideKeyIn(b), contractInfoOverride: overrideIn(b.contractInfoOverride) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.RemoveContractInfoOverrideMutation>('Admin', 'RemoveContractInfoOverride', {
    variables: overrideKeyIn,
    reply: (d) => ({ ok: d.removeContractInfoOverride }),
  }),
  entry<Ops.RefreshContractInfoUpdatedBeforeMutation>('Admin', 'RefreshContractInfoUpdatedBefore', {
    variables: (b) => ({ before: b.before, maxContractNumber: b.maxContractNumber }),
    reply: (d) => ({ taskIDs: d.queueContractInfoRefreshUpdatedBefore.map((t) => t.id) }),
  }),
  entry<Ops.RefreshTokenMetadataUpdatedBeforeMutation>('Admin', 'RefreshTokenMetadataUpdatedBefore', {
    variables: (b) => ({ before: b.before, maxTokenNumber: b.maxTokenNumber }),
    reply: (d) => ({ taskIDs: d.queueTokenMetadataRefreshUpdatedBefore.map((t) => t.id) }),
  }),
];
