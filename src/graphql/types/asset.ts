// Asset: an uploaded file of a hosted collection token, as the specification's TokenMetadata lists them.
import { builder } from '../builder';
import type { Asset } from '../../domain/assets/service';
import { PROJECT_ARG } from './shared-args';

export const AssetRef = builder.objectRef<Asset>('Asset').implement({
  description: 'A file uploaded for one metadata field of a hosted collection token, served at an immutable `url`.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The asset’s id.' }),
    collectionId: t.exposeInt('collectionId', { description: 'The hosted collection of its token.' }),
    metadataField: t.exposeString('metadataField', { description: 'The token document field it fills (image, animation_url, video, audio, or another name).' }),
    tokenId: t.field({ type: 'BigInt', description: 'Its token.', resolve: (a) => a.tokenId }),
    url: t.exposeString('url', { description: 'Where it is served; a new upload gets a new URL, so the content of one never changes.' }),
    filename: t.exposeString('filename', { description: 'The file name given at upload.' }),
    filesize: t.exposeInt('filesize', { description: 'Size in bytes.' }),
    mimeType: t.exposeString('mimeType', { description: 'The type read from the file’s bytes.' }),
    width: t.exposeInt('width', { nullable: true, description: 'Width in pixels, for images; null otherwise.' }),
    height: t.exposeInt('height', { nullable: true, description: 'Height in pixels, for images; null otherwise.' }),
    updatedAt: t.field({ type: 'Timestamp', description: 'When it was uploaded.', resolve: (a) => a.updatedAt }),
  }),
});

builder.mutationFields((t) => ({
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
