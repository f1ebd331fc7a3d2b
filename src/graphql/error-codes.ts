// Every refusal a GraphQL client receives names its kind in `extensions.code`, as domain errors do (errors.ts):
// variables that do not coerce, and the document limits (limits.ts), whose errors graphql-js and GraphQL Armor
// create without one.
import { GraphQLError } from 'graphql';
import { clipText, QUOTE_MAX } from '../domain/validate';

/** A request's variables that do not fit their declared types: the caller's mistake, answered and logged as such. */
export const BAD_USER_INPUT = 'BAD_USER_INPUT';

/** GraphQL Armor's refusal messages, by the code each is answered with. */
const LIMIT_CODES: Array<[RegExp, string]> = [
  [/^Syntax Error: Token limit of \d+ exceeded/, 'TOKEN_LIMIT_EXCEEDED'],
  [/^Syntax Error: Query depth limit of \d+ exceeded/, 'DEPTH_LIMIT_EXCEEDED'],
  [/^Syntax Error: Aliases limit of \d+ exceeded/, 'ALIAS_LIMIT_EXCEEDED'],
  [/^Syntax Error: Directives limit of \d+ exceeded/, 'DIRECTIVE_LIMIT_EXCEEDED'],
];

/** The code of a document-limit refusal, or null. */
export const limitCodeOf = (message: string): string | null => LIMIT_CODES.find(([re]) => re.test(message))?.[1] ?? null;

/**
 * graphql-js's wording for variables that do not coerce (execute's getVariableValues), including the error it gives
 * instead of the 51st such problem.
 */
const isVariableError = (e: GraphQLError) =>
  !e.path && (/^Variable "\$[^"]+" (got invalid value|of required type|of non-null type)/.test(e.message) || e.message.startsWith('Too many errors processing variables'));

/** A quoted string longer than the shared quote allows (domain/validate.ts): graphql-js quotes a variable's whole value. */
const LONG_QUOTED = new RegExp(`"(?:[^"\\\\]|\\\\.){${QUOTE_MAX},}"`, 'g');

/**
 * A variable error as a client error: its code, and no `originalError` (the scalar's own GraphQLError, whose stack
 * the logs would otherwise print as a server failure). Other errors unchanged.
 */
export const asClientError = (e: GraphQLError): GraphQLError =>
  isVariableError(e) && e.extensions?.code === undefined
    ? new GraphQLError(e.message.replace(LONG_QUOTED, (q) => clipText(q)), { nodes: e.nodes, source: e.source, positions: e.positions, extensions: { ...e.extensions, code: BAD_USER_INPUT } })
    : e;

/**
 * The code of a refusal of the document itself, named as yoga names them over HTTP: a limit's, a syntax error, or a
 * validation error (located in the document, not at a result path, and not thrown by anything that ran).
 */
const documentCodeOf = (e: GraphQLError): string | null => {
  const limit = limitCodeOf(e.message);
  if (limit) return limit;
  if (e.path || e.originalError) return null;
  if (e.message.startsWith('Syntax Error:')) return 'GRAPHQL_PARSE_FAILED';
  return e.nodes?.length ? 'GRAPHQL_VALIDATION_FAILED' : null;
};

/** `e` with a code when it is a refusal this module knows and has none (graphql-ws's errors; yoga's get theirs on their way). */
export const withErrorCode = (e: GraphQLError): GraphQLError => {
  if (e.extensions?.code !== undefined) return e;
  const client = asClientError(e);
  if (client !== e) return client;
  const code = documentCodeOf(e);
  return code ? new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: { ...e.extensions, code } }) : e;
};
