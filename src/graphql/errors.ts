// How GraphQL errors reach clients, for every entry path (yoga, the direct POST path, graphql-ws; the RPC adapter maps
// the same errors to webrpc in rpc/graphql-errors.ts): a domain error keeps its message and gets its kind as
// `extensions.code`, in graphql-yoga's own style (SCREAMING_SNAKE: `InvalidArgument` → `INVALID_ARGUMENT`), so every
// code a client sees reads alike; anything else is masked.
import { GraphQLError, type ExecutionResult } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';
import { isDomainError, refusalHeadersOf, StreamEndedError, type DomainError, type DomainErrorKind } from '../domain/errors';

export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error.';

/** The GraphQL `extensions.code` of a domain error kind. */
export const graphqlCodeOf = (kind: DomainErrorKind): string => kind.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** The domain error behind a GraphQL error (or a thrown value), if there is one: a caller's mistake, not ours. */
export const domainErrorOf = (error: unknown): DomainError | null => {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return isDomainError(original) ? original : null;
};

/** Yoga's masking function (`maskedErrors.maskError`), used as is by the other paths. */
export const maskError = (error: unknown, message: string = UNEXPECTED_ERROR_MESSAGE, isDev?: boolean): Error => {
  const domain = domainErrorOf(error);
  if (domain) {
    const e = error as GraphQLError;
    const headers = refusalHeadersOf(domain);
    return new GraphQLError(domain.message, {
      nodes: e.nodes,
      path: e.path,
      extensions: {
        code: graphqlCodeOf(domain.kind),
        ...(domain.field ? { field: domain.field } : {}),
        // A subscription its server ended (shutting down): where to resume it.
        ...(domain instanceof StreamEndedError ? { cursor: domain.cursor } : {}),
        // yoga turns `http` into the reply's status and headers (and leaves it out of the body).
        ...(headers ? { http: { status: 429, headers } } : {}),
      },
    });
  }
  return yogaMaskError(error, message, isDev);
};

/** A result with its errors masked. */
export const maskResult = <R extends ExecutionResult>(result: R): R =>
  result.errors?.length ? { ...result, errors: result.errors.map((e) => maskError(e) as GraphQLError) } : result;

/** A value thrown inside a stream, as a GraphQLError that keeps the original. */
export const asGraphQLError = (err: unknown): GraphQLError =>
  err instanceof GraphQLError ? err : new GraphQLError(err instanceof Error ? err.message : String(err), { originalError: err instanceof Error ? err : undefined });
