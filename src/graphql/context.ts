// The per-request GraphQL context: the caller's credentials, the domain services and the request's abort signal.
import type { Credentials } from '../domain/auth/credentials';
import type { Services } from '../domain/services';
import { createLoaders, type Loaders } from './loaders';
import type { SignalOf } from './request-signal';

export type GraphQLContext = {
  services: Services;
  credentials: Credentials;
  /** Per-request DataLoaders (contract info, token metadata). */
  loaders: Loaders;
  /** Aborts when the request's client went away (HTTP connection closed, graphql-ws operation completed or socket closed). */
  signal?: SignalOf;
};

export const createContext = (services: Services, credentials: Credentials, signal?: SignalOf): GraphQLContext => ({
  services,
  credentials,
  loaders: createLoaders(services),
  signal,
});
