// Project bearer tokens with a lifetime, for the console: issued with a label (shown once), listed, and revoked by id
// or by the token itself (a token issued elsewhere, such as the CLI's). Admission refuses a revoked token (service.ts).
import jwt from 'jsonwebtoken';
import { BearerTokenEntity, readingFromPrimary, type BearerTokenRow, type Db } from '../../db';
import { invalidArgument, notFound, permissionDenied } from '../errors';
import { optionalText } from '../validate';
import type { AuthService } from './service';

export type BearerToken = Omit<BearerTokenRow, 'listed'>;
export type IssuedBearerToken = { token: string; bearerToken: BearerToken };

export type BearerTokensService = {
  /** A new token of the project, lasting `days` (1-3650; BEARER_TOKEN_DAYS by default, never with none configured). */
  issue(projectId: number, opts: { label?: unknown; days?: unknown }): Promise<IssuedBearerToken>;
  /** The tokens the console issued for the project, newest first (at most 100), revoked and expired ones included. */
  list(projectId: number): Promise<BearerToken[]>;
  /** Revokes one of the project's tokens, by its id (from `list`) or by the token itself; true once revoked. */
  revoke(projectId: number, which: { id?: string | null; token?: string | null }): Promise<boolean>;
};

const MAX_DAYS = 3650;
const LIST_LIMIT = 100;

const publicOf = ({ listed: _listed, ...row }: BearerTokenRow): BearerToken => row;

export const createBearerTokensService = ({ db, auth, defaultDays }: { db: Db; auth: AuthService; defaultDays: number | null }): BearerTokensService => {
  const rows = db.getRepository(BearerTokenEntity);

  const daysOf = (v: unknown): number | null => {
    if (v === undefined || v === null) return defaultDays;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_DAYS) throw invalidArgument('days', `must be a whole number of days from 1 to ${MAX_DAYS}`);
    return v;
  };

  return {
    async issue(projectId, opts) {
      const label = optionalText('label', opts.label, 100) ?? '';
      const days = daysOf(opts.days);
      const token = auth.issueBearerToken(projectId, days ? { expiresInSeconds: days * 86_400 } : { neverExpires: true });
      const claims = jwt.decode(token) as jwt.JwtPayload;
      const row: BearerTokenRow = {
        id: String(claims.jti),
        projectId,
        label,
        listed: true,
        // Now to the millisecond (the token's iat is in seconds): the list's newest-first order holds within a second.
        createdAt: new Date(),
        expiresAt: claims.exp ? new Date(claims.exp * 1000) : null,
        revokedAt: null,
      };
      await rows.insert(row);
      return { token, bearerToken: publicOf(row) };
    },

    async list(projectId) {
      const found = await readingFromPrimary(() => rows.find({ where: { projectId, listed: true }, order: { createdAt: 'DESC' }, take: LIST_LIMIT }));
      return found.map(publicOf);
    },

    async revoke(projectId, which) {
      if (which.id) {
        const row = await readingFromPrimary(() => rows.findOneBy({ id: which.id!, projectId }));
        if (!row) throw notFound(`bearer token ${which.id}`);
        if (!row.revokedAt) await rows.update({ id: row.id }, { revokedAt: new Date() });
        // An open graphql-ws connection of the token checks it again at its next operation, not a second later.
        auth.forgetBearerToken(row.id);
        return true;
      }
      if (!which.token) throw invalidArgument('id', 'give the token’s id or the token itself');
      // The token must be a valid one of this project: a revocation is not a way to learn whose a token is.
      let claims: jwt.JwtPayload;
      try {
        claims = auth.verifyBearerToken(which.token);
      } catch {
        throw invalidArgument('token', 'not a valid bearer token of this server (an expired one no longer works anyway)');
      }
      if (Number(claims.project) !== projectId) throw permissionDenied('the token belongs to another project');
      if (!claims.jti) throw invalidArgument('token', 'the token has no id and cannot be revoked alone');
      const existing = await readingFromPrimary(() => rows.findOneBy({ id: claims.jti! }));
      if (existing) {
        if (!existing.revokedAt) await rows.update({ id: existing.id }, { revokedAt: new Date() });
      } else {
        await rows.insert({
          id: claims.jti,
          projectId,
          label: '',
          listed: false,
          createdAt: new Date((claims.iat ?? 0) * 1000),
          expiresAt: claims.exp ? new Date(claims.exp * 1000) : null,
          revokedAt: new Date(),
        });
      }
      auth.forgetBearerToken(claims.jti);
      return true;
    },
  };
};
