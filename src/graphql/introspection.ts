// Anonymous introspection can be turned off (INTROSPECTION=off; the default when deployed): then only a
// caller presenting a valid access key or bearer token may read the schema through __schema / __type.
// __typename stays allowed (clients add it everywhere). The refusal is graphql-js's own validation rule.
import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
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

/** Extra validation rules for a caller: none when introspection is allowed to them. */
export const introspectionRules = (allowed: boolean): ValidationRule[] => (allowed ? [] : [NoSchemaIntrospectionCustomRule]);

/**
 * Whether a request may introspect: always when anonymous introspection is on, else only with valid
 * credentials — checked only when the document mentions introspection at all.
 */
export const mayIntrospect = async (
  anonymousAllowed: boolean,
  auth: Pick<AuthService, 'requireBearer' | 'requireAccessKey'>,
  creds: Credentials,
  query: string | undefined,
): Promise<boolean> => anonymousAllowed || !mentionsIntrospection(query) || credentialsAllowIntrospection(auth, creds);
