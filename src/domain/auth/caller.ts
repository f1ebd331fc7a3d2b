// The project a bearer token speaks for, checked against the project a request names (when it names one).
import { permissionDenied } from '../errors';
import { optionalId } from '../validate';
import type { Credentials } from './credentials';
import type { AuthService } from './service';

export const callerProject = async (auth: Pick<AuthService, 'requireBearer'>, creds: Credentials, requested: unknown): Promise<number> => {
  const { projectId } = await auth.requireBearer(creds);
  const asked = optionalId('projectId', requested);
  if (asked !== undefined && asked !== projectId) throw permissionDenied(`bearer token does not grant access to project ${asked}`);
  return projectId;
};
