// Turns the errors of a GraphQL execution into one webrpc error for the calling service.
import type { GraphQLError } from 'graphql';
import { isDomainError, RateLimitedError, type DomainError } from '../domain/errors';
import { domainToWebrpc, internalError, type ServiceName, type WebrpcError } from './errors';

/**
 * GraphQL rejects a malformed variable before any resolver runs; its message names the
 * variable, which is the request field. Those become InvalidArgument naming that field.
 */
const variableProblem = (e: GraphQLError): { field: string; problem: string } | null => {
  const m = /^Variable "\$(\w+)"(.*)$/s.exec(e.message);
  if (!m) return null;
  const rest = m[2];
  const at = /at "([^"]+)"/.exec(rest);
  const field = at ? at[1] : m[1];
  if (/was not provided|must not be null|not to be null/.test(rest)) return { field, problem: 'is required' };
  const reason = e.originalError?.message ?? rest.split('; ').pop() ?? 'is invalid';
  return { field, problem: reason.replace(/^\s+|\.$/g, '') };
};

export const webrpcErrorOf = (
  service: ServiceName,
  errors: readonly GraphQLError[],
): { error: WebrpcError; unexpected?: unknown; headers?: Record<string, string> } => {
  const first = errors[0];
  const original = first.originalError;
  if (isDomainError(original)) return { error: domainToWebrpc(service, original), headers: retryAfterHeaders(original) };
  const v = variableProblem(first);
  if (v) {
    const err = { kind: 'InvalidArgument', message: `${v.field}: ${v.problem}` } as Pick<DomainError, 'kind' | 'message'>;
    return { error: domainToWebrpc(service, err) };
  }
  return { error: internalError(), unexpected: original ?? first };
};

/** HTTP headers that go with a domain error: Retry-After for RateLimited. */
const retryAfterHeaders = (err: DomainError): Record<string, string> | undefined =>
  err instanceof RateLimitedError ? { 'Retry-After': String(err.retryAfterSeconds) } : undefined;
