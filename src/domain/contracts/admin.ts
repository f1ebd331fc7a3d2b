// Operator authority: admin mutations take `Authorization: Bearer <ADMIN_TOKEN>`; off when ADMIN_TOKEN is unset.
import crypto from 'node:crypto';
import { bearerTokenOf, type Credentials } from '../auth/credentials';
import { permissionDenied, unauthorized } from '../errors';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

export const requireAdmin = (creds: Credentials, adminToken: string | null): void => {
  if (!adminToken) throw permissionDenied('admin operations are disabled on this server (ADMIN_TOKEN is not set)');
  const token = bearerTokenOf(creds);
  if (!token) throw unauthorized('missing admin token: send Authorization: Bearer <ADMIN_TOKEN>');
  // Compare digests: constant time whatever the lengths.
  if (!crypto.timingSafeEqual(digest(token), digest(adminToken))) throw permissionDenied('the bearer token is not the admin token');
};
