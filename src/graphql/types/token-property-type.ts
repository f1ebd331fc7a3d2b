// TokenPropertyType: how a property of token metadata documents compares in searches.
import { builder } from '../builder';
import { PROPERTY_TYPES } from '../../domain/token-search/filter';

const DESCRIPTIONS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  INT: 'Every value is a number (JSON numbers, or numeric strings of a number display_type): filter by values or by min/max.',
  STRING: 'Text values: filter by values.',
  ARRAY: 'Values are lists in the documents; a token matches when any element is one of the values asked for.',
  GENERIC: 'Boolean values.',
};

export const TokenPropertyTypeRef = builder.enumType('TokenPropertyType', {
  description: 'The kind of a token metadata property, as the filters a contract offers report it.',
  values: Object.fromEntries(PROPERTY_TYPES.map((t) => [t, { value: t, description: DESCRIPTIONS[t] }])) as Record<
    (typeof PROPERTY_TYPES)[number],
    { value: (typeof PROPERTY_TYPES)[number]; description: string }
  >,
});
