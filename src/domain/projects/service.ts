// Projects: creation and credential issuance (used by the CLI; there is no public sign-up).
import type { Db } from '../../db';
import { ProjectEntity } from '../../db';
import type { AccessKeysService } from '../auth/access-keys';
import type { AuthService } from '../auth/service';
import { DomainError } from '../errors';
import { requireText } from '../validate';

export type ProjectCredentials = { projectId: number; accessKey: string; bearerToken: string };

export type ProjectsService = {
  create(name: string): Promise<ProjectCredentials>;
  /** Throws ProjectNotFound unless the project exists. */
  requireExists(projectId: number): Promise<void>;
};

export const createProjectsService = ({ db, auth, accessKeys }: { db: Db; auth: AuthService; accessKeys: AccessKeysService }): ProjectsService => ({
  async create(name) {
    const cleanName = requireText('name', name, 200);
    const result = await db.getRepository(ProjectEntity).insert({ name: cleanName, createdAt: new Date() });
    const projectId = Number(result.identifiers[0].id);
    const { key: accessKey } = await accessKeys.create(projectId, { name: 'default' });
    return { projectId, accessKey, bearerToken: auth.issueBearerToken(projectId) };
  },

  async requireExists(projectId) {
    if (!(await db.getRepository(ProjectEntity).existsBy({ id: projectId }))) {
      throw new DomainError('ProjectNotFound', `project ${projectId} does not exist`);
    }
  },
});
