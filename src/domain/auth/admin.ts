// Operator authority: admin calls take `Authorization: Bearer <ADMIN_TOKEN>`; off when ADMIN_TOKEN is unset.
import crypto from 'node:crypto';
import { bearerTokenOf, type Credentials } from './credentials';
import { permissionDenied, unauthorized } from '../errors';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Whether the caller presents the admin token; compared as digests, in constant time whatever the lengths. */
export const isAdmin = (creds: Credentials, adminToken: string | null): boolean => {
  const token = bearerTokenOf(creds);
  return !!adminToken && !!token && crypto.timingSafeEqual(digest(token), digest(adminToken));
};

export const requireAdmin = (creds: Credentials, adminToken: string | null): void => {
  if (!adminToken) throw permissionDenied('admin operations are disabled on this server (ADMIN_TOKEN is not set)');
  if (!bearerTokenOf(creds)) throw unauthorized('missing admin token: send Authorization: Bearer <ADMIN_TOKEN>');
  if (!isAdmin(creds, adminToken)) throw permissionDenied('the bearer token is not the admin token');
};

/**
 * For reads a signed-in console makes without an access key: an access key when one is sent (as every other reader),
 * else the operator's token or a project's bearer token.
 */
export const requireReader = async (
  auth: { requireAccessKey(c: Credentials): Promise<unknown>; requireBearer(c: Credentials): Promise<unknown> },
  creds: Credentials,
  adminToken: string | null,
): Promise<void> => {
  if (creds.accessKey || !bearerTokenOf(creds)) await auth.requireAccessKey(creds);
  else if (!isAdmin(creds, adminToken)) await auth.requireBearer(creds);
};
