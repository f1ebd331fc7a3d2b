// Composition of every domain service; GraphQL and RPC reach the domain only through this object.
import type { Config } from '../config';
import type { Db } from '../db';
import { createAuthService, type AuthService } from './auth/service';
import { createCollectionsService, type CollectionsService } from './collections/service';
import { createProjectsService, type ProjectsService } from './projects/service';

export type Services = {
  auth: AuthService;
  projects: ProjectsService;
  collections: CollectionsService;
};

export const createServices = ({ config, db }: { config: Config; db: Db }): Services => {
  const auth = createAuthService({ db, jwtSecret: config.jwtSecret });
  return {
    auth,
    projects: createProjectsService({ db, auth }),
    collections: createCollectionsService({ db, auth, publicUrl: config.publicUrl }),
  };
};
