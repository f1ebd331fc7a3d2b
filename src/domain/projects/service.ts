// Projects: creation and credential issuance (the CLI, and the console's operator), and who a caller is.
import type { Db } from '../../db';
import { ProjectEntity, type ProjectRow } from '../../db';
import { isAdmin, requireAdmin } from '../auth/admin';
import type { AccessKeysService } from '../auth/access-keys';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import { DomainError } from '../errors';
import { requireId, requireText } from '../validate';

export type ProjectCredentials = { projectId: number; accessKey: string; bearerToken: string };
export type Project = ProjectRow;
/** Who a bearer token speaks for: the operator (ADMIN_TOKEN) or one project. */
export type Viewer = { role: 'operator' | 'project'; projectId: number | null };
/** A bearer token the operator obtains to manage one project, valid for OPERATOR_SESSION_SECONDS. */
export type ProjectSession = { projectId: number; bearerToken: string; expiresAt: Date };

/** How long an operator's project session lasts: a working day, so a lost console tab does not hold a project forever. */
const OPERATOR_SESSION_SECONDS = 8 * 3600;

export type ProjectsService = {
  create(name: string): Promise<ProjectCredentials>;
  /** Throws ProjectNotFound unless the project exists. */
  requireExists(projectId: number): Promise<void>;
  /** The operator or the bearer token's project; Unauthorized without a valid bearer token. */
  viewer(creds: Credentials): Promise<Viewer>;
  /** Every project for the operator, oldest first; the caller's own for a project bearer token. */
  list(creds: Credentials): Promise<Project[]>;
  /** Operator: a new project with its first access key and a bearer token. */
  createAsOperator(creds: Credentials, name: string): Promise<ProjectCredentials>;
  /** Operator: a bearer token for an existing project, expiring, to manage it as its owner would. */
  openAsOperator(creds: Credentials, projectId: number): Promise<ProjectSession>;
};

export const createProjectsService = ({
  db,
  auth,
  accessKeys,
  adminToken,
}: {
  db: Db;
  auth: AuthService;
  accessKeys: AccessKeysService;
  adminToken: string | null;
}): ProjectsService => {
  const projects = db.getRepository(ProjectEntity);

  const requireExists = async (projectId: number) => {
    if (!(await projects.existsBy({ id: projectId }))) {
      throw new DomainError('ProjectNotFound', `project ${projectId} does not exist`);
    }
  };

  const create = async (name: string): Promise<ProjectCredentials> => {
    const cleanName = requireText('name', name, 200);
    const result = await projects.insert({ name: cleanName, createdAt: new Date() });
    const projectId = Number(result.identifiers[0].id);
    const { key: accessKey } = await accessKeys.create(projectId, { name: 'default' });
    return { projectId, accessKey, bearerToken: auth.issueBearerToken(projectId) };
  };

  return {
    create,
    requireExists,

    async viewer(creds) {
      if (isAdmin(creds, adminToken)) return { role: 'operator', projectId: null };
      const { projectId } = await auth.requireBearer(creds);
      return { role: 'project', projectId };
    },

    async list(creds) {
      if (isAdmin(creds, adminToken)) return projects.find({ order: { id: 'ASC' } });
      const { projectId } = await auth.requireBearer(creds);
      return projects.findBy({ id: projectId });
    },

    async createAsOperator(creds, name) {
      requireAdmin(creds, adminToken);
      return create(name);
    },

    async openAsOperator(creds, projectId) {
      requireAdmin(creds, adminToken);
      const id = requireId('projectId', projectId);
      await requireExists(id);
      const bearerToken = auth.issueBearerToken(id, { expiresInSeconds: OPERATOR_SESSION_SECONDS });
      return { projectId: id, bearerToken, expiresAt: new Date(Date.now() + OPERATOR_SESSION_SECONDS * 1000) };
    },
  };
};
