// The per-request GraphQL context: the caller's credentials and the domain services.
import type { Credentials } from '../domain/auth/credentials';
import type { Services } from '../domain/services';

export type GraphQLContext = {
  services: Services;
  credentials: Credentials;
};

export const createContext = (services: Services, credentials: Credentials): GraphQLContext => ({ services, credentials });
