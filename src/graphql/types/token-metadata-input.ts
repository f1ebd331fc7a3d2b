// TokenMetadataInput: a hosted token's metadata, as given to create or update it.
import { builder } from '../builder';

export const TokenMetadataInput = builder.inputType('TokenMetadataInput', {
  description: 'A hosted token’s fields. URLs may be http, https, ipfs, ar or data URLs; when updating, absent fields keep their value.',
  fields: (t) => ({
    tokenId: t.field({
      type: 'BigInt',
      required: false,
      description: 'The token id (0x hex accepted); required when creating, and when updating it must equal the `tokenId` argument if given.',
    }),
    name: t.string({ required: false, description: 'The token’s name, at most 200 characters; empty when not given at creation.' }),
    description: t.string({ required: false, description: 'Free text, at most 10,000 characters.' }),
    image: t.string({ required: false, description: 'Image URL; an empty string clears it.' }),
    video: t.string({ required: false, description: 'Video URL.' }),
    audio: t.string({ required: false, description: 'Audio URL.' }),
    properties: t.field({
      type: 'JSONObject',
      required: false,
      description: 'Free-form properties: at most 100 keys (1 to 100 characters); values strings of at most 2,000 characters, numbers or booleans.',
    }),
    attributes: t.field({
      type: ['JSONObject'],
      required: false,
      description: 'Traits, at most 200, each an object with the same rules as `properties` (typically `trait_type` and `value`).',
    }),
    imageData: t.string({ required: false, description: 'Raw image data such as inline SVG, at most 100,000 characters.' }),
    externalUrl: t.string({ required: false, description: 'The token’s web page URL.' }),
    backgroundColor: t.string({ required: false, description: 'Background colour: 3 to 8 hex digits, with or without `#`.' }),
    animationUrl: t.string({ required: false, description: 'Animation or multimedia URL.' }),
    decimals: t.int({ required: false, description: 'Decimal places of the token’s amounts, 0 to 255.' }),
  }),
});
