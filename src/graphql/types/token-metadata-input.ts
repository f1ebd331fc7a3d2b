// TokenMetadataInput: a hosted token's metadata, as given to create or update it.
import { builder } from '../builder';

export const TokenMetadataInput = builder.inputType('TokenMetadataInput', {
  fields: (t) => ({
    tokenId: t.field({ type: 'BigInt', required: false }),
    name: t.string({ required: false }),
    description: t.string({ required: false }),
    image: t.string({ required: false }),
    video: t.string({ required: false }),
    audio: t.string({ required: false }),
    properties: t.field({ type: 'JSONObject', required: false }),
    attributes: t.field({ type: ['JSONObject'], required: false }),
    imageData: t.string({ required: false }),
    externalUrl: t.string({ required: false }),
    backgroundColor: t.string({ required: false }),
    animationUrl: t.string({ required: false }),
    decimals: t.int({ required: false }),
  }),
});
