// TokenPropertyFilterInput: one property condition of a token search.
import { builder } from '../builder';
import { TokenPropertyTypeRef } from './token-property-type';

export const TokenPropertyFilterInput = builder.inputType('TokenPropertyFilterInput', {
  description: 'A token matches when its property `name` has one of `values` (when given) and a number within `min`..`max` (when given).',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The attribute’s trait_type, or the key in the document’s properties.' }),
    type: t.field({ type: TokenPropertyTypeRef, required: false, description: 'Informative; how values compare follows the stored values.' }),
    min: t.float({ required: false, description: 'Lowest number accepted (inclusive).' }),
    max: t.float({ required: false, description: 'Highest number accepted (inclusive).' }),
    values: t.stringList({ required: false, description: 'Accepted values, ORed; numbers and booleans as text (`5`, `true`). At most 200.' }),
  }),
});
