// CollectionToken: one token of a hosted collection, with its queries and mutations.
import { builder } from '../builder';
import type { CollectionToken } from '../../domain/collections/types';
import { connectionType } from './connection';
import { TokenMetadataInput } from './token-metadata-input';

export const CollectionTokenRef = builder.objectRef<CollectionToken>('CollectionToken').implement({
  fields: (t) => ({
    collectionId: t.exposeInt('collectionId'),
    tokenId: t.field({ type: 'BigInt', resolve: (x) => x.tokenId }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    image: t.exposeString('image'),
    video: t.string({ nullable: true, resolve: (x) => x.extra.video ?? null }),
    audio: t.string({ nullable: true, resolve: (x) => x.extra.audio ?? null }),
    properties: t.field({ type: 'JSONObject', nullable: true, resolve: (x) => x.properties }),
    attributes: t.field({ type: ['JSONObject'], nullable: true, resolve: (x) => x.attributes }),
    imageData: t.string({ nullable: true, resolve: (x) => x.extra.imageData ?? null }),
    externalUrl: t.string({ nullable: true, resolve: (x) => x.extra.externalUrl ?? null }),
    backgroundColor: t.string({ nullable: true, resolve: (x) => x.extra.backgroundColor ?? null }),
    animationUrl: t.string({ nullable: true, resolve: (x) => x.extra.animationUrl ?? null }),
    decimals: t.int({ nullable: true, resolve: (x) => x.extra.decimals ?? null }),
    private: t.exposeBoolean('private'),
    createdAt: t.field({ type: 'Timestamp', resolve: (x) => x.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', resolve: (x) => x.updatedAt }),
  }),
});

export const CollectionTokenConnectionRef = connectionType(CollectionTokenRef, 'CollectionToken', {
  description: 'A page of a collection’s tokens, in token id order.',
  count: 'The collection’s tokens.',
});

builder.queryFields((t) => ({
  collectionToken: t.field({
    nullable: true,
    type: CollectionTokenRef,
    description: 'One token of a hosted collection (bearer token of the owning project).',
    args: { projectId: t.arg.int({ description: 'Defaults to the bearer token’s project.' }), collectionId: t.arg.int({ required: true }), tokenId: t.arg({ type: 'BigInt', required: true }) },
    resolve: (_, args, ctx) => ctx.services.collections.getToken(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollectionToken: t.field({
    nullable: true,
    type: CollectionTokenRef,
    args: { projectId: t.arg.int({ description: 'Defaults to the bearer token’s project.' }), collectionId: t.arg.int({ required: true }), token: t.arg({ type: TokenMetadataInput, required: true }), private: t.arg.boolean() },
    resolve: (_, args, ctx) => ctx.services.collections.createToken(ctx.credentials, args),
  }),
  updateCollectionToken: t.field({
    nullable: true,
    type: CollectionTokenRef,
    description: 'Changes the given fields of a token; absent fields keep their value.',
    args: {
      projectId: t.arg.int({ description: 'Defaults to the bearer token’s project.' }), collectionId: t.arg.int({ required: true }),
      tokenId: t.arg({ type: 'BigInt', required: true }),
      token: t.arg({ type: TokenMetadataInput, required: true }),
      private: t.arg.boolean(),
    },
    resolve: (_, args, ctx) => ctx.services.collections.updateToken(ctx.credentials, args),
  }),
  deleteCollectionToken: t.boolean({
    nullable: true,
    args: { projectId: t.arg.int({ description: 'Defaults to the bearer token’s project.' }), collectionId: t.arg.int({ required: true }), tokenId: t.arg({ type: 'BigInt', required: true }) },
    resolve: (_, args, ctx) => ctx.services.collections.deleteToken(ctx.credentials, args),
  }),
}));
