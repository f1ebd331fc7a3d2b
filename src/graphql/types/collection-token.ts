// CollectionToken: one token of a hosted collection, with its queries and mutations.
import { builder } from '../builder';
import type { CollectionToken } from '../../domain/collections/types';
import { AssetRef } from './asset';
import { connectionType } from './connection';
import { COLLECTION_ID_ARG, PROJECT_ARG } from './shared-args';
import { TokenMetadataInput } from './token-metadata-input';

/** The collection argument of the collection and collection token queries and mutations. */
const TOKEN_ID_ARG = { type: 'BigInt', required: true, description: 'The token id (a decimal string; 0x hex is accepted).' } as const;

export const CollectionTokenRef = builder.objectRef<CollectionToken>('CollectionToken').implement({
  description: 'One token of a hosted collection: the metadata document Strata serves for it.',
  fields: (t) => ({
    collectionId: t.exposeInt('collectionId', { description: 'The collection’s id.' }),
    tokenId: t.field({ type: 'BigInt', description: 'The token id.', resolve: (x) => x.tokenId }),
    name: t.exposeString('name', { description: 'The token’s name; may be empty.' }),
    description: t.exposeString('description', { description: 'Free text; empty when none was given.' }),
    image: t.exposeString('image', { description: 'Image URL; empty when none.' }),
    video: t.string({ nullable: true, description: 'Video URL; null or empty when none.', resolve: (x) => x.extra.video ?? null }),
    audio: t.string({ nullable: true, description: 'Audio URL; null or empty when none.', resolve: (x) => x.extra.audio ?? null }),
    properties: t.field({
      type: 'JSONObject',
      nullable: true,
      description: 'Free-form properties (string, number or boolean values), keys sorted; null when none.',
      resolve: (x) => x.properties,
    }),
    attributes: t.field({
      type: ['JSONObject'],
      nullable: true,
      description: 'Traits, each a flat object of string, number or boolean values (typically `trait_type` and `value`); null when none.',
      resolve: (x) => x.attributes,
    }),
    imageData: t.string({
      nullable: true,
      description: 'Raw image data such as inline SVG (`image_data`); null or empty when none.',
      resolve: (x) => x.extra.imageData ?? null,
    }),
    externalUrl: t.string({
      nullable: true,
      description: 'The token’s web page URL (`external_url`); null or empty when none.',
      resolve: (x) => x.extra.externalUrl ?? null,
    }),
    backgroundColor: t.string({
      nullable: true,
      description: 'Background colour, 3 to 8 hex digits with or without `#` as given (the public document drops the `#`); null or empty when none.',
      resolve: (x) => x.extra.backgroundColor ?? null,
    }),
    animationUrl: t.string({
      nullable: true,
      description: 'Animation or multimedia URL (`animation_url`); null or empty when none.',
      resolve: (x) => x.extra.animationUrl ?? null,
    }),
    decimals: t.int({
      nullable: true,
      description: 'Decimal places of the token’s amounts, 0 to 255; null when none was given.',
      resolve: (x) => x.extra.decimals ?? null,
    }),
    assets: t.field({
      type: [AssetRef],
      description: 'Files uploaded for this token, one per metadata field.',
      resolve: (x, _, ctx) => ctx.loaders.assets.load({ collectionId: x.collectionId, tokenId: x.tokenId }),
    }),
    private: t.exposeBoolean('private', { description: 'True when the token’s public document is not served (nor answered for a linked contract).' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When the token was created.', resolve: (x) => x.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When the token was last changed.', resolve: (x) => x.updatedAt }),
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
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int(COLLECTION_ID_ARG),
      tokenId: t.arg(TOKEN_ID_ARG),
    },
    resolve: (_, args, ctx) => ctx.services.collections.getToken(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollectionToken: t.field({
    nullable: true,
    type: CollectionTokenRef,
    description: 'Adds a token to a collection; `token.tokenId` is required and must be new to the collection (bearer token of the owning project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int(COLLECTION_ID_ARG),
      token: t.arg({ type: TokenMetadataInput, required: true, description: 'The token’s fields; `tokenId` is required.' }),
      private: t.arg.boolean({ description: 'True stops the token’s public document being served; false when absent.' }),
    },
    resolve: (_, args, ctx) => ctx.services.collections.createToken(ctx.credentials, args),
  }),
  updateCollectionToken: t.field({
    nullable: true,
    type: CollectionTokenRef,
    description: 'Changes the given fields of a token; absent fields keep their value.',
    args: {
      projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int(COLLECTION_ID_ARG),
      tokenId: t.arg(TOKEN_ID_ARG),
      token: t.arg({
        type: TokenMetadataInput,
        required: true,
        description: 'The fields to change; a `tokenId` given here must equal the `tokenId` argument.',
      }),
      private: t.arg.boolean({ description: 'True stops, false resumes serving the token’s public document; absent keeps it as it is.' }),
    },
    resolve: (_, args, ctx) => ctx.services.collections.updateToken(ctx.credentials, args),
  }),
  deleteCollectionToken: t.boolean({
    nullable: true,
    description: 'Deletes a token of a collection; true when deleted, NOT_FOUND when there is no such token (bearer token of the owning project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int(COLLECTION_ID_ARG),
      tokenId: t.arg(TOKEN_ID_ARG),
    },
    resolve: (_, args, ctx) => ctx.services.collections.deleteToken(ctx.credentials, args),
  }),
}));
