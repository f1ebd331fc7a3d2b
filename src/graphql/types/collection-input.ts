// CollectionInput: fields to create or change a collection (all optional when updating).
import { builder } from '../builder';

export const CollectionInput = builder.inputType('CollectionInput', {
  fields: (t) => ({
    name: t.string({ required: false }),
    description: t.string({ required: false }),
    image: t.string({ required: false }),
    externalLink: t.string({ required: false }),
    properties: t.field({ type: 'JSONObject', required: false }),
    private: t.boolean({ required: false }),
  }),
});
