// The Collections service's create/update/delete methods of the published clients (metadata.gen.ts 2.3.43): each a
// GraphQL document (schema/rpc/Collections.<Op>.graphql) plus renaming (rpc/wire/collections-crud.ts), no rules.
import { COLLECTIONS_PAGE, TOKENS_PAGE } from '../domain/collections/service';
import { LINKS_PAGE } from '../domain/token-metadata/links';
import { loadRpcDocument } from './documents';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import { collectionOut, tokenMetadataIn } from './wire/collections';
import {
  assetIn,
  assetOut,
  collectionIn,
  collectionTokenOut,
  collectionsOfLinks,
  contractCollectionIn,
  contractCollectionOut,
  idIn,
} from './wire/collections-crud';
import { chainIdIn, numberedPageIn, numberedPageOut } from './wire/common';

const entry = <Data>(operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service: 'Collections',
  operation,
  document: loadRpcDocument(`Collections.${operation}`),
  ...e,
});

export const collectionsCrudEntries = (): RpcEntry[] => [
  entry<Ops.CreateCollectionMutation>('CreateCollection', {
    variables: (b) => ({ projectId: b.projectId, collection: collectionIn(b.collection) }),
    reply: (d) => ({ collection: collectionOut(d.createCollection) }),
  }),
  entry<Ops.UpdateCollectionMutation>('UpdateCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: idIn(b.collection), collection: collectionIn(b.collection) }),
    reply: (d) => ({ collection: collectionOut(d.updateCollection) }),
  }),
  entry<Ops.DeleteCollectionMutation>('DeleteCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
    reply: (d) => ({ status: d.deleteCollection }),
  }),
  entry<Ops.PublishCollectionMutation>('PublishCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, recursive: b.recursive }),
    reply: (d) => ({ collection: collectionOut(d.publishCollection) }),
  }),
  entry<Ops.UnpublishCollectionMutation>('UnpublishCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
    reply: (d) => ({ collection: collectionOut(d.unpublishCollection) }),
  }),
  ...contractCollectionEntries(),
  ...tokenEntries(),
  ...assetEntries(),
];

/** ContractCollection: a collection linked to a deployed contract (the domain's collection links). */
const contractCollectionEntries = (): RpcEntry[] => [
  entry<Ops.CreateContractCollectionMutation>('CreateContractCollection', {
    variables: (b) => ({ projectId: b.projectId, ...contractCollectionIn(b.contractCollection) }),
    reply: (d) => ({ contractCollection: contractCollectionOut(d.linkCollectionContract) }),
  }),
  entry<Ops.GetContractCollectionQuery>('GetContractCollection', {
    variables: (b) => ({ projectId: b.projectId, chainId: chainIdIn(b.chainId), contractAddress: b.contractAddress }),
    reply: (d) => ({ contractCollection: contractCollectionOut(d.collectionContractLink) }),
  }),
  entry<Ops.ListContractCollectionsQuery>('ListContractCollections', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, ...numberedPageIn(b.page, LINKS_PAGE) }),
    reply: ({ collectionContractLinks: c }, b) => ({
      contractCollections: c.nodes.map(contractCollectionOut),
      collections: collectionsOfLinks(c.nodes).map(collectionOut),
      page: numberedPageOut(c, b.page),
    }),
  }),
  entry<Ops.UpdateContractCollectionMutation>('UpdateContractCollection', {
    variables: (b) => ({ projectId: b.projectId, ...contractCollectionIn(b.contractCollection) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.DeleteContractCollectionMutation>('DeleteContractCollection', {
    variables: (b) => ({ projectId: b.projectId, chainId: chainIdIn(b.chainId), contractAddress: b.contractAddress }),
    reply: (d) => ({ ok: d.unlinkCollectionContract }),
  }),
];

const tokenEntries = (): RpcEntry[] => [
  entry<Ops.CreateTokenMutation>('CreateToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, token: tokenMetadataIn(b.token), private: b.private }),
    reply: ({ createCollectionToken: t }) => ({ token: collectionTokenOut(t), assets: t.assets.map(assetOut) }),
  }),
  entry<Ops.GetTokenQuery>('GetToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, tokenId: b.tokenId }),
    reply: ({ collectionToken: t }) => ({ token: collectionTokenOut(t), assets: t.assets.map(assetOut) }),
  }),
  entry<Ops.ListTokensQuery>('ListTokens', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, ...numberedPageIn(b.page, TOKENS_PAGE) }),
    reply: ({ collection: { tokens } }, b) => ({ page: numberedPageOut(tokens, b.page), tokens: tokens.nodes.map(collectionTokenOut) }),
  }),
  entry<Ops.DeleteTokenMutation>('DeleteToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, tokenId: b.tokenId }),
    reply: (d) => ({ status: d.deleteCollectionToken }),
  }),
];

const assetEntries = (): RpcEntry[] => [
  entry<Ops.CreateAssetMutation>('CreateAsset', {
    variables: (b) => ({ projectId: b.projectId, asset: assetIn(b.asset) }),
    reply: (d) => ({ asset: assetOut(d.createCollectionAsset) }),
  }),
  entry<Ops.GetAssetQuery>('GetAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: b.assetId }),
    reply: (d) => ({ asset: assetOut(d.collectionAsset) }),
  }),
  entry<Ops.UpdateAssetMutation>('UpdateAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: idIn(b.asset), asset: assetIn(b.asset) }),
    reply: (d) => ({ asset: assetOut(d.updateCollectionAsset) }),
  }),
  entry<Ops.DeleteAssetMutation>('DeleteAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: b.assetId }),
    reply: (d) => ({ status: d.deleteCollectionAsset }),
  }),
];
