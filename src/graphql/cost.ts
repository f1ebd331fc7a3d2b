// What a GraphQL request costs before it runs: one per field, a page's fields counted once per row it may hold
// (`first`/`last`, or the list's default page when absent), other lists counted as LIST_ROWS rows (or as many as an
// argument lists, e.g. `tokenIds`). Introspection is free. The RPC's documents are fixed and not counted.
import {
  Kind,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

/** A connection asked without a page size reads its default page: counted as this many rows. */
export const DEFAULT_PAGE_ROWS = 50;
/** A plain list (transfers of a transaction, contracts of an address) is counted as this many rows. */
export const LIST_ROWS = 10;

const argument = (field: FieldNode, name: string, variables: Record<string, unknown>): unknown => {
  const arg = field.arguments?.find((a) => a.name.value === name);
  return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
};

/** How many rows of its children a field stands for. */
const rowsOf = (field: FieldNode, def: GraphQLField<unknown, unknown>, type: GraphQLNamedType, parent: GraphQLNamedType, variables: Record<string, unknown>): number => {
  if (type.name.endsWith('Connection')) {
    const size = argument(field, 'first', variables) ?? argument(field, 'last', variables);
    return typeof size === 'number' && size > 0 ? Math.min(size, 1000) : DEFAULT_PAGE_ROWS;
  }
  if (!isListType(getNullableType(def.type))) return 1;
  // A connection's own edges/nodes are its page, counted at the connection.
  if (parent.name.endsWith('Connection')) return 1;
  const listed = def.args.map((a) => argument(field, a.name, variables)).find((v) => Array.isArray(v)) as unknown[] | undefined;
  return listed ? Math.max(1, listed.length) : LIST_ROWS;
};

export const queryCost = (schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> = {}): number => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return 0;
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;

  const costOf = (set: SelectionSetNode, parent: GraphQLNamedType, seen: Set<string>): number => {
    if (!isObjectType(parent)) return 0;
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.INLINE_FRAGMENT) total += costOf(s.selectionSet, s.typeCondition ? (schema.getType(s.typeCondition.name.value) ?? parent) : parent, seen);
      else if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(s.name.value);
        if (f && !seen.has(f.name.value)) total += costOf(f.selectionSet, schema.getType(f.typeCondition.name.value) ?? parent, new Set([...seen, f.name.value]));
      } else {
        if (s.name.value.startsWith('__')) continue;
        const def = parent.getFields()[s.name.value];
        if (!def) continue;
        const type = getNamedType(def.type);
        const children = s.selectionSet ? costOf(s.selectionSet, type, seen) : 0;
        total += 1 + rowsOf(s, def, type, parent, variables) * children;
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, new Set());
};
