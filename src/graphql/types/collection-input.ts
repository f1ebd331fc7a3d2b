// CollectionInput: fields to create or change a collection (all optional when updating).
import { builder } from '../builder';

export const CollectionInput = builder.inputType('CollectionInput', {
  description: 'A collection’s fields. Creating needs `name`; when updating, absent fields keep their value.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'The collection’s name, 1 to 200 characters, not blank.' }),
    description: t.string({ required: false, description: 'Free text, at most 10,000 characters; empty when not given at creation.' }),
    image: t.string({ required: false, description: 'Image URL (http, https, ipfs, ar or data); an empty string clears it.' }),
    externalLink: t.string({ required: false, description: 'The collection’s website URL (http, https, ipfs, ar or data); an empty string clears it.' }),
    properties: t.field({
      type: 'JSONObject',
      required: false,
      description: 'Free-form properties, replacing the stored ones: at most 100 keys (1 to 100 characters); values strings of at most 2,000 characters, numbers or booleans.',
    }),
    private: t.boolean({ required: false, description: 'True stops the public documents being served; false when not given at creation.' }),
  }),
});
