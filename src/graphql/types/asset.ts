// Asset: an uploaded file of a hosted collection token, as the specification's TokenMetadata lists them.
import { builder } from '../builder';
import type { Asset } from '../../domain/assets/service';
import { AssetInput } from './asset-input';
import { PROJECT_ARG } from './shared-args';

export const AssetRef = builder.objectRef<Asset>('Asset').implement({
  description: 'A file uploaded for one metadata field of a hosted collection token, served at an immutable `url`.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The asset’s id.' }),
    collectionId: t.exposeInt('collectionId', { description: 'The hosted collection of its token.' }),
    metadataField: t.exposeString('metadataField', { description: 'The token document field it fills (image, animation_url, video, audio, or another name).' }),
    tokenId: t.field({ type: 'BigInt', description: 'Its token.', resolve: (a) => a.tokenId }),
    url: t.exposeString('url', {
      description: 'Where it is served; a new upload gets a new URL, so the content of one never changes. Empty until its file is uploaded.',
    }),
    filename: t.exposeString('filename', { description: 'The file name given at upload.' }),
    filesize: t.exposeInt('filesize', { description: 'Size in bytes; 0 until its file is uploaded.' }),
    mimeType: t.exposeString('mimeType', { description: 'The type read from the file’s bytes; empty until its file is uploaded.' }),
    width: t.exposeInt('width', { nullable: true, description: 'Width in pixels, for images; null otherwise.' }),
    height: t.exposeInt('height', { nullable: true, description: 'Height in pixels, for images; null otherwise.' }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When it was uploaded.', resolve: (a) => a.updatedAt }),
  }),
});

const ASSET_ID_ARG = { required: true, description: 'The asset’s id.' } as const;

builder.queryFields((t) => ({
  collectionAsset: t.field({
    type: AssetRef,
    nullable: true,
    description: 'One asset of the project’s collections (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), assetId: t.arg.int(ASSET_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.assets.getRecord(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollectionAsset: t.field({
    type: AssetRef,
    nullable: true,
    description:
      'Records an asset for a token’s metadata field before its file is uploaded; the upload to that field fills it. REQUEST_CONFLICT when the field already has one (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), input: t.arg({ type: AssetInput, required: true, description: '`collectionId`, `tokenId` and `metadataField` are required.' }) },
    resolve: (_, args, ctx) => ctx.services.assets.createRecord(ctx.credentials, { projectId: args.projectId, asset: args.input }),
  }),
  updateCollectionAsset: t.field({
    type: AssetRef,
    nullable: true,
    description:
      'Renames an asset or moves it to another metadata field of its token; a token document field that showed its file follows it (bearer token of the owning project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      assetId: t.arg.int(ASSET_ID_ARG),
      input: t.arg({ type: AssetInput, required: true, description: 'The fields to change; absent fields keep their value.' }),
    },
    resolve: (_, args, ctx) => ctx.services.assets.updateRecord(ctx.credentials, { projectId: args.projectId, assetId: args.assetId, asset: args.input }),
  }),
  deleteCollectionAsset: t.boolean({
    nullable: true,
    description:
      'Deletes an asset and its file; a token document field that showed the file is cleared. True, or NOT_FOUND when there is none (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), assetId: t.arg.int(ASSET_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.assets.deleteRecord(ctx.credentials, args),
  }),
  uploadCollectionAsset: t.field({
    type: AssetRef,
    nullable: true,
    description:
      'Uploads a file for a token’s metadata field and points the token document at it; send the request as multipart/form-data (the GraphQL multipart request specification). Bearer token of the owning project.',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int({ required: true, description: 'The hosted collection.' }),
      tokenId: t.arg({ type: 'BigInt', required: true, description: 'The token, which must exist.' }),
      metadataField: t.arg.string({ required: true, description: 'The document field to fill: image, animation_url, video, audio, or another name.' }),
      file: t.arg({ type: 'File', required: true, description: 'The file; its type is read from its bytes, its name kept as the file name.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.assets.upload(ctx.credentials, {
        projectId: args.projectId,
        collectionId: args.collectionId,
        tokenId: args.tokenId,
        metadataField: args.metadataField,
        filename: args.file.name,
        bytes: Buffer.from(await args.file.arrayBuffer()),
      }),
  }),
}));
