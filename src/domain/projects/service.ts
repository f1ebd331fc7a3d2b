// Projects: creation and credential issuance (the CLI, and the console's operator), renaming and deletion, and who a caller is.
import type { Db } from '../../db';
import { AccessKeyEntity, AccessKeyUsageDayEntity, BearerTokenEntity, CollectionEntity, ProjectEntity, WebhookListenerEntity, type ProjectRow } from '../../db';
import { isAdmin, requireAdmin } from '../auth/admin';
import type { AccessKeysService } from '../auth/access-keys';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import { DomainError, permissionDenied } from '../errors';
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
  /** The operator, or the project's own bearer token: a new name (1-200 characters). */
  rename(creds: Credentials, projectId: unknown, name: unknown): Promise<Project>;
  /**
   * The operator, or the project's own bearer token: deletes the project with its access keys, their usage and its
   * bearer tokens (refused from then on: ProjectNotFound). RequestConflict while it has collections or webhook
   * listeners: they hold hosted files and deliveries, removed on purpose, one by one, first.
   */
  remove(creds: Credentials, projectId: unknown): Promise<void>;
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

  /** The project id the caller may manage: any for the operator, its own for a project's bearer token. */
  const requireManager = async (creds: Credentials, projectId: unknown): Promise<number> => {
    const id = requireId('projectId', projectId);
    if (isAdmin(creds, adminToken)) {
      await requireExists(id);
      return id;
    }
    const caller = await auth.requireBearer(creds);
    if (caller.projectId !== id) throw permissionDenied(`bearer token does not grant access to project ${id}`);
    return id;
  };

  return {
    create,
    requireExists,

    async rename(creds, projectId, name) {
      const id = await requireManager(creds, projectId);
      const cleanName = requireText('name', name, 200);
      await projects.update({ id }, { name: cleanName });
      return (await projects.findOneBy({ id }))!;
    },

    async remove(creds, projectId) {
      const id = await requireManager(creds, projectId);
      const [collections, listeners] = await Promise.all([
        db.getRepository(CollectionEntity).countBy({ projectId: id }),
        db.getRepository(WebhookListenerEntity).countBy({ projectId: id }),
      ]);
      if (collections || listeners) {
        const held = [collections && `${collections} collection(s)`, listeners && `${listeners} webhook listener(s)`].filter(Boolean).join(' and ');
        throw new DomainError('RequestConflict', `project ${id} still has ${held}: delete them first`);
      }
      await db.transaction(async (m) => {
        await m.getRepository(AccessKeyUsageDayEntity).delete({ projectId: id });
        await m.getRepository(AccessKeyEntity).delete({ projectId: id });
        await m.getRepository(BearerTokenEntity).delete({ projectId: id });
        await m.getRepository(ProjectEntity).delete({ id });
      });
      // Its keys, remembered for a few seconds by each server (auth/service.ts), stop with them; its bearer tokens at once.
    },

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
