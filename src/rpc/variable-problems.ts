// An RPC request's fields become the variables of its operation's GraphQL document. A field that does not fit its
// variable's type is the caller's mistake: InvalidArgument naming the field, found before anything executes.
// graphql-js's coerceInputValue reports each problem with its path, the offending value and the error of the type
// that refused it, so nothing here reads graphql-js's wording; the problem text is that type's own error message.
import {
  coerceInputValue,
  getNamedType,
  getNullableType,
  getOperationAST,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  type DocumentNode,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
// graphql-js's own rendering of a value in its messages: found there and replaced by the shared, capped quote.
import { inspect } from 'graphql/jsutils/inspect';
import { clipText, quoteValue } from '../domain/validate';

export type VariableProblem = { field: string; problem: string };

const REQUIRED = 'is required';

/**
 * A type's error message with the value it quotes cut to a short prefix (domain/validate.ts quoteValue): graphql-js
 * quotes the whole value, so a megabyte argument would come back in the error.
 */
const problemText = (message: string, invalid: unknown): string => {
  const text = message.replace(/^\s+|\.$/g, '');
  const shown = inspect(invalid);
  const at = shown.length > 0 ? text.indexOf(shown) : -1;
  if (at >= 0) return text.slice(0, at) + quoteValue(invalid) + text.slice(at + shown.length);
  // A custom scalar's wording that quotes the value some other way: the message itself is capped.
  return clipText(text, 200);
};

/** The request field of a path inside a variable: `page.after`, `filter.accounts[2]`. */
const fieldOf = (name: string, path: ReadonlyArray<string | number>) =>
  name + path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');

/** The type found at `path` inside a value of `type`. */
const typeAt = (type: GraphQLInputType, path: ReadonlyArray<string | number>): GraphQLInputType | undefined => {
  let t: GraphQLInputType | undefined = type;
  for (const key of path) {
    const nullable: GraphQLInputType | undefined = t && getNullableType(t);
    if (typeof key === 'number') t = nullable && isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
    else t = nullable && isInputObjectType(nullable) ? nullable.getFields()[key]?.type : undefined;
  }
  return t;
};

/** The first field an object lacks that its input type requires (and has no default for), or null. */
const missingRequiredField = (type: GraphQLInputType | undefined, value: unknown): string | null => {
  const named = type && getNamedType(type);
  if (!named || !isInputObjectType(named) || typeof value !== 'object' || value === null) return null;
  const missing = Object.values(named.getFields()).find(
    (f) => isNonNullType(f.type) && f.defaultValue === undefined && (value as Record<string, unknown>)[f.name] == null,
  );
  return missing?.name ?? null;
};

/** The first request field that does not fit the document's variables, in their order, or null. */
export const variableProblemOf = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): VariableProblem | null => {
  for (const def of getOperationAST(document)?.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type as never) as GraphQLInputType;
    const value = variables[name];
    if (value == null) {
      if (isNonNullType(type) && !(value === undefined && def.defaultValue)) return { field: name, problem: REQUIRED };
      continue;
    }
    let first: { path: ReadonlyArray<string | number>; invalid: unknown; error: GraphQLError } | null = null;
    coerceInputValue(value, type, (path, invalid, error) => void (first ??= { path, invalid, error }));
    if (!first) continue;
    const { path, invalid, error } = first as { path: ReadonlyArray<string | number>; invalid: unknown; error: GraphQLError };
    // A null where a value is required, or an object missing a required field: that field is required.
    if (invalid == null) return { field: fieldOf(name, path), problem: REQUIRED };
    const missing = missingRequiredField(typeAt(type, path), invalid);
    if (missing) return { field: fieldOf(name, [...path, missing]), problem: REQUIRED };
    return { field: fieldOf(name, path), problem: problemText(error.message, invalid) };
  }
  return null;
};
