// JSONObject: free-form objects (properties, attributes); the domain validates their content.
import { Kind, type ValueNode } from 'graphql';
import { builder } from '../builder';

const literal = (node: ValueNode, vars?: Record<string, unknown> | null): unknown => {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((v) => literal(v, vars));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, vars)]));
    case Kind.VARIABLE:
      return vars?.[node.name.value];
    default:
      return undefined;
  }
};

const asObject = (v: unknown): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError('must be a JSON object');
  return v as Record<string, unknown>;
};

builder.scalarType('JSONObject', {
  description: 'A JSON object.',
  serialize: (v) => asObject(v),
  parseValue: (v) => asObject(v),
  parseLiteral: (node, vars) => asObject(literal(node, vars)),
});
