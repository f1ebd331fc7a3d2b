// The Collections service of the published Metadata clients (metadata.gen.ts 2.3.43): collections, their contract
// links, tokens and assets. Each a GraphQL document (schema/rpc/Collections.<Op>.graphql) plus renaming
// (rpc/wire/collections.ts, rpc/wire/collections-crud.ts), no rules.
import { COLLECTIONS_PAGE, TOKENS_PAGE } from '../../domain/collections/service';
import { LINKS_PAGE } from '../../domain/token-metadata/links';
import type * as Ops from '../generated/operations';
import { collectionOut, tokenMetadataIn, updatedTokenOut } from '../wire/collections';
import { assetIn, assetOut, collectionIn, collectionTokenOut, collectionsOfLinks, contractCollectionIn, contractCollectionOut, idIn } from '../wire/collections-crud';
import { chainIdIn, numberedPageIn, numberedPageOut } from '../wire/common';
import { entry, type RpcEntry } from './entry';

export const collectionsEntries = (): RpcEntry[] => [
  entry<Ops.ListCollectionsQuery>('Collections', 'ListCollections', {
    variables: (b) => ({ projectId: b.projectId, ...numberedPageIn(b.page, COLLECTIONS_PAGE) }),
    reply: (d, b) => ({ page: numberedPageOut(d.collections, b.page), collections: d.collections.nodes.map(collectionOut) }),
  }),
  entry<Ops.GetCollectionQuery>('Collections', 'GetCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
    reply: (d) => ({ collection: collectionOut(d.collection) }),
  }),
  entry<Ops.CreateCollectionMutation>('Collections', 'CreateCollection', {
    variables: (b) => ({ projectId: b.projectId, collection: collectionIn(b.collection) }),
    reply: (d) => ({ collection: collectionOut(d.createCollection) }),
  }),
  entry<Ops.UpdateCollectionMutation>('Collections', 'UpdateCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: idIn(b.collection), collection: collectionIn(b.collection) }),
    reply: (d) => ({ collection: collectionOut(d.updateCollection) }),
  }),
  entry<Ops.DeleteCollectionMutation>('Collections', 'DeleteCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
    reply: (d) => ({ status: d.deleteCollection }),
  }),
  entry<Ops.PublishCollectionMutation>('Collections', 'PublishCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, recursive: b.recursive }),
    reply: (d) => ({ collection: collectionOut(d.publishCollection) }),
  }),
  entry<Ops.UnpublishCollectionMutation>('Collections', 'UnpublishCollection', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId }),
    reply: (d) => ({ collection: collectionOut(d.unpublishCollection) }),
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
  ...contractCollectionEntries(),
  ...tokenEntries(),
  ...assetEntries(),
];

/** ContractCollection: a collection linked to a deployed contract (the domain's collection links). */
const contractCollectionEntries = (): RpcEntry[] => [
  entry<Ops.CreateContractCollectionMutation>('Collections', 'CreateContractCollection', {
    variables: (b) => ({ projectId: b.projectId, ...contractCollectionIn(b.contractCollection) }),
    reply: (d) => ({ contractCollection: contractCollectionOut(d.linkCollectionContract) }),
  }),
  entry<Ops.GetContractCollectionQuery>('Collections', 'GetContractCollection', {
    variables: (b) => ({ projectId: b.projectId, chainId: chainIdIn(b.chainId), contractAddress: b.contractAddress }),
    reply: (d) => ({ contractCollection: contractCollectionOut(d.collectionContractLink) }),
  }),
  entry<Ops.ListContractCollectionsQuery>('Collections', 'ListContractCollections', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, ...numberedPageIn(b.page, LINKS_PAGE) }),
    reply: ({ collectionContractLinks: c }, b) => ({
      contractCollections: c.nodes.map(contractCollectionOut),
      collections: collectionsOfLinks(c.nodes).map(collectionOut),
      page: numberedPageOut(c, b.page),
    }),
  }),
  entry<Ops.UpdateContractCollectionMutation>('Collections', 'UpdateContractCollection', {
    variables: (b) => ({ projectId: b.projectId, ...contractCollectionIn(b.contractCollection) }),
    reply: () => ({ ok: true }),
  }),
  entry<Ops.DeleteContractCollectionMutation>('Collections', 'DeleteContractCollection', {
    variables: (b) => ({ projectId: b.projectId, chainId: chainIdIn(b.chainId), contractAddress: b.contractAddress }),
    reply: (d) => ({ ok: d.unlinkCollectionContract }),
  }),
];

const tokenEntries = (): RpcEntry[] => [
  entry<Ops.CreateTokenMutation>('Collections', 'CreateToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, token: tokenMetadataIn(b.token), private: b.private }),
    reply: ({ createCollectionToken: t }) => ({ token: collectionTokenOut(t), assets: t.assets.map(assetOut) }),
  }),
  entry<Ops.GetTokenQuery>('Collections', 'GetToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, tokenId: b.tokenId }),
    reply: ({ collectionToken: t }) => ({ token: collectionTokenOut(t), assets: t.assets.map(assetOut) }),
  }),
  entry<Ops.ListTokensQuery>('Collections', 'ListTokens', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, ...numberedPageIn(b.page, TOKENS_PAGE) }),
    reply: ({ collection: { tokens } }, b) => ({ page: numberedPageOut(tokens, b.page), tokens: tokens.nodes.map(collectionTokenOut) }),
  }),
  entry<Ops.DeleteTokenMutation>('Collections', 'DeleteToken', {
    variables: (b) => ({ projectId: b.projectId, collectionId: b.collectionId, tokenId: b.tokenId }),
    reply: (d) => ({ status: d.deleteCollectionToken }),
  }),
];

const assetEntries = (): RpcEntry[] => [
  entry<Ops.CreateAssetMutation>('Collections', 'CreateAsset', {
    variables: (b) => ({ projectId: b.projectId, asset: assetIn(b.asset) }),
    reply: (d) => ({ asset: assetOut(d.createCollectionAsset) }),
  }),
  entry<Ops.GetAssetQuery>('Collections', 'GetAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: b.assetId }),
    reply: (d) => ({ asset: assetOut(d.collectionAsset) }),
  }),
  entry<Ops.UpdateAssetMutation>('Collections', 'UpdateAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: idIn(b.asset), asset: assetIn(b.asset) }),
    reply: (d) => ({ asset: assetOut(d.updateCollectionAsset) }),
  }),
  entry<Ops.DeleteAssetMutation>('Collections', 'DeleteAsset', {
    variables: (b) => ({ projectId: b.projectId, assetId: b.assetId }),
    reply: (d) => ({ status: d.deleteCollectionAsset }),
  }),
];
