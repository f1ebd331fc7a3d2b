// TokenMedia: one media field of a token as the media cache holds it (original URL, status, the served file and its
// thumbnails), and the operator's purge of a token's media (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import type { ContractMedia, MediaFile, MediaThumbnail, TokenMedia } from '../../domain/media/types';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG, ContractInfoRef } from './contract-info';

const TokenMediaStatusRef = builder.enumType('TokenMediaStatus', {
  description: 'How caching one media file of a token went.',
  values: {
    QUEUED: { description: 'Waiting to be fetched (or, after a failure, for its retry).' },
    RUNNING: { description: 'Being fetched and processed.' },
    READY: { description: 'Stored and served by Strata: see file.' },
    FAILED: { description: 'Not cached; error says why, retryAt when it is tried again (null: it is not).' },
  } as const,
});

const MediaThumbnailRef = builder.objectRef<MediaThumbnail>('MediaThumbnail').implement({
  description: 'A WebP thumbnail of a cached image (an animation’s first frame), at most `size` pixels on its longest side.',
  fields: (t) => ({
    size: t.exposeInt('size', { description: 'The size asked for: 128 or 512.' }),
    url: t.exposeString('url', { description: 'Where Strata serves it (immutable).' }),
    width: t.exposeInt('width', { description: 'Width in pixels, read from the thumbnail.' }),
    height: t.exposeInt('height', { description: 'Height in pixels, read from the thumbnail.' }),
    filesize: t.exposeInt('filesize', { description: 'Size in bytes.' }),
    mimeType: t.exposeString('mimeType', { description: 'Always image/webp.' }),
  }),
});

const MediaFileRef = builder.objectRef<MediaFile>('MediaFile').implement({
  description: 'A cached media file, content-addressed: the same bytes are stored once, whatever number of tokens show them.',
  fields: (t) => ({
    sha256: t.exposeString('sha256', { description: 'SHA-256 of the stored bytes (for an SVG, of the sanitised document).' }),
    url: t.exposeString('url', { description: 'Where Strata serves it (immutable; byte ranges for video and audio).' }),
    mimeType: t.exposeString('mimeType', { description: 'The type read from its bytes.' }),
    filesize: t.exposeInt('filesize', { description: 'Size in bytes.' }),
    width: t.exposeInt('width', { nullable: true, description: 'Width in pixels, for images; null otherwise.' }),
    height: t.exposeInt('height', { nullable: true, description: 'Height in pixels (of one frame), for images; null otherwise.' }),
    frames: t.exposeInt('frames', { description: 'Frames of an animated GIF or WebP; 1 otherwise.' }),
    thumbnails: t.field({ type: [MediaThumbnailRef], description: 'Thumbnails, smallest first; empty for video, audio and models.', resolve: (f) => f.thumbnails }),
  }),
});

export const TokenMediaRef = builder.objectRef<TokenMedia>('TokenMedia').implement({
  description: 'One media field of a token’s document as the media cache holds it; the document’s own URL stays in `originalUrl`.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The document field: image, image_data or animation_url; collection_image for a contract’s own image.' }),
    originalUrl: t.exposeString('originalUrl', { description: 'The URL the document gives; `inline:<sha256>` for inline SVG and data: URIs.' }),
    status: t.field({ type: TokenMediaStatusRef, description: 'How caching it went.', resolve: (m) => m.status }),
    error: t.string({ nullable: true, description: 'Why the last try failed.', resolve: (m) => m.error }),
    attempts: t.exposeInt('attempts', { description: 'Failed tries in a row.' }),
    retryAt: t.field({ type: 'Timestamp', nullable: true, description: 'When a failed file is tried again; null when it is not.', resolve: (m) => m.retryAt }),
    file: t.field({ type: MediaFileRef, nullable: true, description: 'The cached file, once READY.', resolve: (m) => m.file }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When its status last changed.', resolve: (m) => m.updatedAt }),
  }),
});

builder.objectField(ContractInfoRef, 'media', (t) =>
  t.field({
    type: [TokenMediaRef],
    description: 'The contract’s own image (its contractURI document’s `image`, field `collection_image`) as the media cache holds it (MEDIA_CACHE; empty when off).',
    resolve: (c, _, ctx) => ctx.loaders.contractMedia.load(c),
  }),
);

type Failure = ContractMedia['failures'][number];

const TokenMediaFailureRef = builder.objectRef<Failure>('TokenMediaFailure').implement({
  description: 'A media file of one token that could not be cached.',
  fields: (t) => ({
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'The token; null for the contract’s own image.', resolve: (f) => f.tokenId || null }),
    media: t.field({ type: TokenMediaRef, description: 'The field, its original URL and why it failed.', resolve: (f) => f }),
  }),
});

const ContractMediaRef = builder.objectRef<ContractMedia>('ContractMedia').implement({
  description: 'The media cache’s work for one contract: its tokens’ media files by status, and the latest failures.',
  fields: (t) => ({
    queued: t.exposeInt('queued', { description: 'Files waiting to be fetched (or for a retry).' }),
    running: t.exposeInt('running', { description: 'Files being fetched now.' }),
    ready: t.exposeInt('ready', { description: 'Files served by Strata.' }),
    failed: t.exposeInt('failed', { description: 'Files that could not be cached.' }),
    failures: t.field({ type: [TokenMediaFailureRef], description: 'The 20 latest failures, newest first.', resolve: (c) => c.failures }),
  }),
});

builder.queryFields((t) => ({
  contractMedia: t.field({
    type: ContractMediaRef,
    nullable: true,
    description: 'A contract’s media by status with its latest failures (an access key, a project’s bearer token or the operator’s token; the console’s contract page).',
    args: { chainId: t.arg.string(CHAIN_ARG), contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG) },
    resolve: (_, args, ctx) => ctx.services.media.contractSummary(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  purgeTokenMedia: t.int({
    nullable: true,
    description:
      'Admin only (`Authorization: Bearer <ADMIN_TOKEN>`): forgets a token’s cached media and deletes the files no other token shows; answers how many files were deleted. The media is fetched again on the next read while MEDIA_CACHE is on.',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      tokenId: t.arg({ type: 'BigInt', required: true, description: 'The token.' }),
    },
    resolve: (_, args, ctx) => ctx.services.media.purge(ctx.credentials, args),
  }),
}));
