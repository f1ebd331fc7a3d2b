// TokenMetadata: a token's normalised metadata document with its fetch status, and the lookups that return it (X-Access-Key).
import { builder } from '../builder';
import type { TokenMetadata } from '../../domain/token-metadata/types';
import { loadAll } from '../loaders';
import { AssetRef } from './asset';
import { ZERO_DATE } from './contract-info';
import { TokenMediaRef } from './token-media';
import { mediaAssetsOf } from '../../domain/media/assets';

const TokenMetadataStatusRef = builder.enumType('TokenMetadataStatus', {
  description: 'Whether a token’s metadata document is there, and if not, why.',
  values: {
    AVAILABLE: { description: 'A document is there.' },
    FETCHING: { description: 'No document yet; a fetch is running (ask again shortly).' },
    FAILED: { description: 'No document; the last fetch failed (see lastError); retried after retryAt.' },
    NOT_AVAILABLE: { description: 'Nothing to fetch (e.g. a linked collection without this token).' },
  } as const,
});

const TokenMetadataSourceRef = builder.enumType('TokenMetadataSource', {
  description: 'Where a token’s metadata document came from.',
  values: {
    CHAIN: { description: 'The token URI the contract returns (tokenURI / uri).' },
    COLLECTION: { description: 'The hosted collection linked to the contract.' },
    NONE: { description: 'No document.' },
  } as const,
});

export const TokenMetadataRef = builder.objectRef<TokenMetadata>('TokenMetadata').implement({
  description: 'Text fields are empty strings when the document has none.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', description: 'The token id.', resolve: (m) => m.tokenId }),
    name: t.exposeString('name', { description: 'The token’s name (`name`).' }),
    description: t.exposeString('description', { description: 'The token’s description (`description`).' }),
    image: t.exposeString('image', { description: 'Image URL (`image`, or `image_url`).' }),
    video: t.exposeString('video', { description: 'Video URL (`video`).' }),
    audio: t.exposeString('audio', { description: 'Audio URL (`audio`).' }),
    properties: t.field({
      type: 'JSONObject',
      nullable: true,
      description: 'The document’s `properties` object; null when it has none.',
      resolve: (m) => m.properties,
    }),
    attributes: t.field({
      type: ['JSONObject'],
      nullable: true,
      description: 'The document’s traits, each an object, typically `trait_type` and `value` (a `{trait: value}` object becomes this list); null when none.',
      resolve: (m) => m.attributes,
    }),
    imageData: t.exposeString('imageData', { description: 'Raw image data such as inline SVG (`image_data`).' }),
    externalUrl: t.exposeString('externalUrl', { description: 'The token’s web page URL (`external_url`).' }),
    backgroundColor: t.exposeString('backgroundColor', { description: 'Background colour in hex (`background_color`).' }),
    animationUrl: t.exposeString('animationUrl', { description: 'Animation or multimedia URL (`animation_url`).' }),
    decimals: t.int({
      nullable: true,
      description: 'Decimal places of the token’s amounts (`decimals`); null when the document has none.',
      resolve: (m) => m.decimals,
    }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When the document was fetched; the zero time without one.', resolve: (m) => m.updatedAt ?? ZERO_DATE }),
    status: t.field({ type: TokenMetadataStatusRef, description: 'Whether the document is there.', resolve: (m) => m.status }),
    source: t.field({ type: TokenMetadataSourceRef, description: 'Where the document came from.', resolve: (m) => m.source }),
    assets: t.field({
      type: [AssetRef],
      description:
        'Files uploaded for the token of a linked hosted collection (source COLLECTION), then the media Strata cached for it (MEDIA_CACHE: id 0, url under /media/); empty otherwise.',
      resolve: async (m, _, ctx) => [
        ...(m.collectionId === undefined ? [] : await ctx.loaders.assets.load({ collectionId: m.collectionId, tokenId: m.tokenId })),
        ...mediaAssetsOf(m.tokenId, await ctx.loaders.media.load(m)),
      ],
    }),
    media: t.field({
      type: [TokenMediaRef],
      description: 'The media cache’s view of image, image_data and animation_url: status, the served file and its thumbnails (MEDIA_CACHE; empty when off).',
      resolve: (m, _, ctx) => ctx.loaders.media.load(m),
    }),
    lastError: t.string({ nullable: true, description: 'Why the last fetch failed.', resolve: (m) => m.lastError }),
    retryAt: t.field({ type: 'Timestamp', nullable: true, description: 'Reads fetch a failed token again after this time.', resolve: (m) => m.retryAt }),
  }),
});

const TOKEN_ARGS = builder.args((t) => ({
  chainId: t.string({ required: true, description: 'A configured chain id or name.' }),
  contractAddress: t.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
  tokenIds: t.field({ type: ['BigInt'], required: true, description: 'At most 50.' }),
}));

builder.queryFields((t) => ({
  tokenMetadata: t.field({
    nullable: true,
    type: [TokenMetadataRef],
    description:
      'One entry per distinct token id, in request order. Answers within a bounded time: tokens still being fetched come back with status FETCHING (X-Access-Key).',
    args: TOKEN_ARGS,
    resolve: async (_, args, ctx) => loadAll(ctx.loaders.tokenMetadata, await ctx.services.tokenMetadata.checkGet(ctx.credentials, args)),
  }),
}));

builder.queryFields((t) => ({
  tokenMedia: t.field({
    nullable: true,
    type: TokenMetadataRef,
    description:
      'One token’s metadata with its cached media (`media`), readable with an access key, a project’s bearer token or the operator’s token: the console’s token page.',
    args: {
      chainId: t.arg.string({ required: true, description: 'A configured chain id or name.' }),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      tokenId: t.arg({ type: 'BigInt', required: true, description: 'The token.' }),
    },
    resolve: async (_, args, ctx) => ctx.loaders.tokenMetadata.load(await ctx.services.media.checkRead(ctx.credentials, args)),
  }),
}));

builder.mutationFields((t) => ({
  refreshTokenMetadata: t.field({
    nullable: true,
    type: [TokenMetadataRef],
    description: 'Fetches the tokens again now, ignoring the retry backoff; answers within the same bound as reads (X-Access-Key).',
    args: TOKEN_ARGS,
    resolve: (_, args, ctx) => ctx.services.tokenMetadata.refresh(ctx.credentials, args),
  }),
}));
