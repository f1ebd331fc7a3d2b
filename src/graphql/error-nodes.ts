// The AST nodes of execution errors that graphql-jit reports without them, found again from the error's path.
//
// graphql-js gives each field error the field node it came from; yoga rebuilds every error it masks from
// `nodes`, so an error without them would reach the client without `locations`. The path names the
// response keys (aliases) from the root down; list indexes are skipped.
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

const fieldIn = (set: SelectionSetNode, key: string, fragments: Map<string, FragmentDefinitionNode>): FieldNode | null => {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === key) return s;
    const inner = s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : s.kind === Kind.FRAGMENT_SPREAD ? fragments.get(s.name.value)?.selectionSet : undefined;
    const found = inner && fieldIn(inner, key, fragments);
    if (found) return found;
  }
  return null;
};

const nodeAt = (document: DocumentNode, operationName: string | null | undefined, path: ReadonlyArray<string | number>): FieldNode | null => {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  let set: SelectionSetNode | undefined = operation.selectionSet;
  let node: FieldNode | null = null;
  for (const key of path) {
    if (typeof key === 'number') continue;
    if (!set) return null;
    node = fieldIn(set, key, fragments);
    if (!node) return null;
    set = node.selectionSet;
  }
  return node;
};

/** `errors` with the field node of each that has a path and no nodes (the same error otherwise). */
export const withFieldNodes = (document: DocumentNode, operationName: string | null | undefined, errors: ReadonlyArray<GraphQLError>): GraphQLError[] =>
  errors.map((e) => {
    if (e.nodes?.length || !e.path) return e;
    const node = nodeAt(document, operationName, e.path);
    return node ? new GraphQLError(e.message, { nodes: [node], path: e.path, originalError: e.originalError ?? undefined, extensions: e.extensions }) : e;
  });
