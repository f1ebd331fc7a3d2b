// TokenSearchFilterInput: what a token search of one contract keeps.
import { builder } from '../builder';
import { TokenPropertyFilterInput } from './token-property-filter-input';

export const TokenSearchFilterInput = builder.inputType('TokenSearchFilterInput', {
  description: 'Every condition given must hold (property conditions are ANDed; values within one are ORed).',
  fields: (t) => ({
    text: t.string({ required: false, description: 'Text the token’s name contains (case-insensitive), at most 200 characters.' }),
    properties: t.field({ type: [TokenPropertyFilterInput], required: false, description: 'At most 32 property conditions.' }),
  }),
});
