// AssetInput: an asset record's fields, to record a file before its upload or to rename or move it.
import { builder } from '../builder';

export const AssetInput = builder.inputType('AssetInput', {
  description:
    'An asset record’s fields. Its URL, size, type and dimensions come from the uploaded bytes only (PUT to /projects/<p>/collections/<c>/tokens/<t>/assets/<metadataField>).',
  fields: (t) => ({
    collectionId: t.int({ required: false, description: 'The hosted collection; required when creating, and an asset stays in its collection.' }),
    tokenId: t.field({ type: 'BigInt', required: false, description: 'The token, which must exist; required when creating, and an asset stays with its token.' }),
    metadataField: t.string({
      required: false,
      description: 'The document field it fills: image, animation_url, video, audio, or another name (lower-case letters, digits, _); required when creating, one asset per field.',
    }),
    filename: t.string({ required: false, description: 'The file name shown for downloads and in the URL; the metadata field when not given at creation.' }),
  }),
});
