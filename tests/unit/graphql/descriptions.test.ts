// Every type, field, argument, input field and enum value of the GraphQL schema says what it is.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType, type GraphQLNamedType } from 'graphql';
import { schema } from '../../../src/graphql/schema';

const undescribed = (): string[] => {
  const missing: string[] = [];
  const need = (what: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(what);
  };
  for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
    if (type.name.startsWith('__')) continue;
    if (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of 'args' in field ? field.args : []) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
    if (isUnionType(type)) continue;
  }
  return missing;
};

it('describes every type, field, argument and enum value', () => {
  expect(undescribed()).toEqual([]);
});
