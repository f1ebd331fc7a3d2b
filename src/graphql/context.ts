// The per-request GraphQL context: the caller's credentials and the domain services.
import type { Credentials } from '../domain/auth/credentials';
import type { Services } from '../domain/services';
import { createLoaders, type Loaders } from './loaders';

export type GraphQLContext = {
  services: Services;
  credentials: Credentials;
  /** Per-request DataLoaders (contract info, token metadata). */
  loaders: Loaders;
};

export const createContext = (services: Services, credentials: Credentials): GraphQLContext => ({
  services,
  credentials,
  loaders: createLoaders(services),
});
