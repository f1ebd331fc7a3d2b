// Wallet session tokens (GetAuthToken): a JWT signed with the session key (never JWT_SECRET), of one wallet in one
// project, with a lifetime and a row by `jti` so it can be revoked. A project bearer token is told apart by its `typ`.
import crypto from 'node:crypto';
import { IsNull, LessThan } from 'typeorm';
import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { WalletSessionEntity, readingFromPrimary, type Db } from '../../db';
import { DomainError, unauthorized } from '../errors';

/** The JOSE `typ` of a session token; a project bearer token carries none (or `JWT`). */
export const SESSION_TOKEN_TYPE = 'strata-wallet-session+jwt';
const ISSUER = 'strata';
/** Rows of sessions expired this long ago go (a token that old is refused by its `exp` anyway). */
const KEEP_EXPIRED_MS = 86_400_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export type WalletSession = {
  /** The token's `jti`. */
  id: string;
  projectId: number;
  /** The wallet the session proves, lower-case. */
  address: string;
  chainId: number;
  expiresAt: Date;
};

export type WalletSessionTokens = {
  /** Whether `token` claims to be a session token (its header says so); says nothing of its validity. */
  isSessionToken(token: string): boolean;
  /**
   * A new token for the wallet, lasting the configured lifetime (or until `notAfter`, when sooner); its row is written
   * before it is returned.
   */
  issue(s: { projectId: number; address: string; chainId: number; notAfter?: Date | null }): Promise<{ token: string; session: WalletSession }>;
  /** The session of a valid, unexpired, unrevoked token; Unauthorized or SessionExpired otherwise. */
  verify(token: string): Promise<WalletSession>;
  /** Revokes one session by id; false when there was none. */
  revoke(id: string): Promise<boolean>;
  /** Revokes every live session of a wallet in a project; their ids. */
  revokeWallet(projectId: number, address: string): Promise<string[]>;
};

export const createWalletSessionTokens = ({
  db,
  secret,
  lifetimeSeconds,
  now = () => new Date(),
}: {
  db: Db;
  secret: string;
  lifetimeSeconds: number;
  now?: () => Date;
}): WalletSessionTokens => {
  const key = new TextEncoder().encode(secret);
  const rows = db.getRepository(WalletSessionEntity);
  let lastPrune = 0;
  return {
    isSessionToken(token) {
      try {
        return decodeProtectedHeader(token).typ === SESSION_TOKEN_TYPE;
      } catch {
        return false;
      }
    },

    async issue({ projectId, address, chainId, notAfter }) {
      const id = crypto.randomUUID();
      const at = now();
      const iat = Math.floor(at.getTime() / 1000);
      const exp = Math.max(iat + 1, Math.min(iat + lifetimeSeconds, notAfter ? Math.floor(notAfter.getTime() / 1000) : Infinity));
      const token = await new SignJWT({ project: projectId, account: address, chain: chainId })
        .setProtectedHeader({ alg: 'HS256', typ: SESSION_TOKEN_TYPE })
        .setIssuer(ISSUER)
        .setSubject(address)
        .setJti(id)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      const session: WalletSession = { id, projectId, address, chainId, expiresAt: new Date(exp * 1000) };
      await rows.insert({ ...session, createdAt: at, revokedAt: null });
      if (at.getTime() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = at.getTime();
        await rows.delete({ expiresAt: LessThan(new Date(at.getTime() - KEEP_EXPIRED_MS)) }).catch(() => undefined);
      }
      return { token, session };
    },

    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, typ: SESSION_TOKEN_TYPE, currentDate: now() }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new DomainError('SessionExpired', 'session token has expired: ask GetAuthToken for a new one');
        throw unauthorized('invalid session token');
      }
      const id = typeof payload.jti === 'string' ? payload.jti : '';
      const row = id ? await readingFromPrimary(() => rows.findOneBy({ id })) : null;
      // A token whose row is gone or differs was not issued here as it reads (or its row was pruned after expiry).
      if (!row || row.address !== payload.sub || row.projectId !== payload.project) throw unauthorized('invalid session token');
      if (row.revokedAt) throw unauthorized('session token has been revoked');
      if (row.expiresAt.getTime() <= now().getTime()) throw new DomainError('SessionExpired', 'session token has expired: ask GetAuthToken for a new one');
      return { id: row.id, projectId: row.projectId, address: row.address, chainId: row.chainId, expiresAt: row.expiresAt };
    },

    async revoke(id) {
      await rows.update({ id, revokedAt: IsNull() }, { revokedAt: now() });
      return readingFromPrimary(() => rows.existsBy({ id }));
    },

    async revokeWallet(projectId, address) {
      const live = await readingFromPrimary(() => rows.findBy({ projectId, address, revokedAt: IsNull() }));
      const ids = live.filter((r) => r.expiresAt.getTime() > now().getTime()).map((r) => r.id);
      for (const id of ids) await rows.update({ id }, { revokedAt: now() });
      return ids;
    },
  };
};
