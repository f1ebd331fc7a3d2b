// Limits on client-written GraphQL documents (GraphQL over HTTP and graphql-ws; the RPC's documents are
// fixed and trusted). Without them one request could ask for the same list thousands of times under
// aliases, or nest until parsing alone is expensive — the body cap does not bound either.
// GraphQL Armor's rules count per operation, fragments included.
import { maxAliasesPlugin, maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin, maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin, maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer, maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { limitCodeOf } from './error-codes';
import { GraphQLError, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';

export const DOCUMENT_LIMITS = {
  /** Lexical tokens in a document (the introspection query GraphiQL sends has under 200). */
  tokens: 2_000,
  /** Field nesting, introspection excepted. The schema has no cycles and its deepest query needs 7. */
  depth: 12,
  /** Aliased fields per operation. */
  aliases: 20,
  /** Directives per operation. */
  directives: 20,
} as const;

/**
 * Gives a refusal its `extensions.code` (error-codes.ts) before GraphQL Armor throws or reports it. The error is the
 * one Armor has just created for this refusal, so setting its code changes nothing else.
 */
const coded = (_context: ValidationContext | null, error: GraphQLError) => {
  const code = limitCodeOf(error.message);
  if (code) (error.extensions as Record<string, unknown>).code = code;
};

/** For yoga (envelop plugins). */
export const documentLimitPlugins = () => [
  maxTokensPlugin({ n: DOCUMENT_LIMITS.tokens, onReject: [coded] }),
  maxDepthPlugin({ n: DOCUMENT_LIMITS.depth, ignoreIntrospection: true, onReject: [coded] }),
  maxAliasesPlugin({ n: DOCUMENT_LIMITS.aliases, onReject: [coded] }),
  maxDirectivesPlugin({ n: DOCUMENT_LIMITS.directives, onReject: [coded] }),
];

// As validation rules the limits report errors (GraphQL Armor's default is to throw, which would end a
// graphql-ws connection rather than refuse one subscription).
const report = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      coded(context, error);
      context?.reportError(error);
    },
  ],
};
const limitRules = [
  maxDepthRule({ n: DOCUMENT_LIMITS.depth, ignoreIntrospection: true, ...report }),
  maxAliasesRule({ n: DOCUMENT_LIMITS.aliases, ...report }),
  maxDirectivesRule({ n: DOCUMENT_LIMITS.directives, ...report }),
] as unknown as ValidationRule[];

/**
 * Parses (stopping at the token limit) and validates with the limits added: the document, or the errors
 * to answer with. For graphql-ws, whose own parse would close the whole connection on a syntax error.
 */
export const parseWithinLimits = (
  schema: GraphQLSchema,
  source: string,
  extraRules: readonly ValidationRule[] = [],
): { document: DocumentNode } | { errors: readonly GraphQLError[] } => {
  let document: DocumentNode;
  try {
    document = new MaxTokensParserWLexer(source, { n: DOCUMENT_LIMITS.tokens, onReject: [coded] }).parseDocument();
  } catch (err) {
    if (err instanceof GraphQLError) return { errors: [err] };
    throw err;
  }
  const errors = validate(schema, document, [...specifiedRules, ...limitRules, ...extraRules]);
  return errors.length ? { errors } : { document };
};
