// Turns the errors of a GraphQL execution into one webrpc error for the calling service (request fields that do not
// fit their variables never reach execution: variable-problems.ts).
import type { GraphQLError } from 'graphql';
import { isDomainError, refusalHeadersOf } from '../domain/errors';
import { domainToWebrpc, internalError, type ServiceName, type WebrpcError } from './errors';
import { withWireFieldNames } from './wire/field-names';

export const webrpcErrorOf = (
  service: ServiceName,
  errors: readonly GraphQLError[],
): { error: WebrpcError; unexpected?: unknown; headers?: Record<string, string> } => {
  const first = errors[0];
  const original = first.originalError;
  if (isDomainError(original)) return { error: domainToWebrpc(service, withWireFieldNames(service, original)), headers: refusalHeadersOf(original) };
  return { error: internalError(), unexpected: original ?? first };
};
