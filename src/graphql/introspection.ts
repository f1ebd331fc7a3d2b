// Anonymous introspection can be turned off (INTROSPECTION=off; the default when deployed): then only a
// caller presenting a valid access key or bearer token may read the schema through __schema / __type.
// __typename stays allowed (clients add it everywhere). The refusal is graphql-js's own validation rule.
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext, type ValidationRule } from 'graphql';
import type { AuthService } from '../domain/auth/service';
import { bearerTokenOf, type Credentials } from '../domain/auth/credentials';
import { isDomainError } from '../domain/errors';

/** Cheap pre-check: a document that cannot introspect needs no credential check. */
export const mentionsIntrospection = (query: string | undefined): boolean => /__schema|__type\b/.test(query ?? '');

/** Whether these credentials are valid enough to introspect (a failed check counts as a failed credential). */
export const credentialsAllowIntrospection = async (auth: Pick<AuthService, 'requireBearer' | 'requireAccessKey'>, creds: Credentials) => {
  try {
    if (bearerTokenOf(creds)) await auth.requireBearer(creds);
    else if (creds.accessKey?.trim()) await auth.requireAccessKey(creds);
    else return false;
    return true;
  } catch (err) {
    if (isDomainError(err)) return false;
    throw err;
  }
};

/** A validation error without graphql-js's "Did you mean …?" (a list of the schema's names). */
const withoutSuggestions = (e: GraphQLError): GraphQLError => {
  const message = e.message.replace(/ Did you mean [^]*\?$/, '');
  return message === e.message ? e : new GraphQLError(message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: e.extensions });
};

/**
 * Field, argument, type and value suggestions name the schema's fields one guess at a time: a caller who may not
 * read the schema does not get them. A rule sees the validation's context before anything is visited, so every
 * other rule's report goes through this one.
 */
const NoSuggestionsRule: ValidationRule = (context: ValidationContext) => {
  const report = context.reportError.bind(context);
  context.reportError = (error: GraphQLError) => report(withoutSuggestions(error));
  return {};
};

/** Extra validation rules for a caller: none when introspection is allowed to them; else no schema reads, no suggestions. */
export const introspectionRules = (allowed: boolean): ValidationRule[] => (allowed ? [] : [NoSchemaIntrospectionCustomRule, NoSuggestionsRule]);

/**
 * Whether a request may introspect: always when anonymous introspection is on, else only with valid
 * credentials — checked only when the document mentions introspection at all (a document that does not is
 * answered as an anonymous caller's: it does not need the schema, and its errors carry no suggestions).
 */
export const mayIntrospect = async (
  anonymousAllowed: boolean,
  auth: Pick<AuthService, 'requireBearer' | 'requireAccessKey'>,
  creds: Credentials,
  query: string | undefined,
): Promise<boolean> => anonymousAllowed || (mentionsIntrospection(query) && credentialsAllowIntrospection(auth, creds));
