// Composition of every domain service; GraphQL and RPC reach the domain only through this object.
import type { Config } from '../config';
import type { Db } from '../db';
import type { ChainRegistry } from '../chain/registry';
import type { PubSub } from '../pubsub';
import { createAuthService, type AuthService } from './auth/service';
import { createChainsService, type ChainsService } from './chains';
import { createCollectionsService, type CollectionsService } from './collections/service';
import { createProjectsService, type ProjectsService } from './projects/service';

export type Services = {
  auth: AuthService;
  projects: ProjectsService;
  chains: ChainsService;
  collections: CollectionsService;
};

export type ServiceDeps = { config: Config; db: Db; registry: ChainRegistry; pubsub: PubSub };

export const createServices = ({ config, db }: ServiceDeps): Services => {
  const auth = createAuthService({ db, jwtSecret: config.jwtSecret });
  const chains = createChainsService({ chains: config.chains });
  return {
    auth,
    projects: createProjectsService({ db, auth }),
    chains,
    collections: createCollectionsService({ db, auth, publicUrl: config.publicUrl }),
  };
};
