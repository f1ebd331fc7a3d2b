// Authentication of callers: bearer tokens (JWT per project) and public access keys.
import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Db } from '../../db';
import { AccessKeyEntity, BearerTokenEntity, ProjectEntity, accessKeyHash, readingFromPrimary } from '../../db';
import { DomainError, permissionDenied, unauthorized } from '../errors';
import { originsOfRow } from './access-keys';
import { isAdmin } from './admin';
import { bearerTokenOf, expiryOfClaims, type Credentials } from './credentials';
import { createCredentialThrottle, type ThrottleSettings } from './throttle';
import type { WalletSession, WalletSessionTokens } from './wallet-sessions';

export type Caller = { projectId: number };

/** An access key as a request presents it: which key, whose, and its own limits (null: the server's). */
export type KnownAccessKey = {
  id: number;
  projectId: number;
  requestsPerSecond: number | null;
  requestsPerMonth: number | null;
  /** Its own ceiling on a GraphQL request's cost. */
  maxQueryCost: number | null;
};

export type AuthService = {
  /** The project of a valid bearer token; Unauthorized / SessionExpired / ProjectNotFound otherwise. */
  requireBearer(creds: Credentials): Promise<Caller>;
  /**
   * The wallet a session token (GetAuthToken) proves, with the request's access key of the same project: Unauthorized
   * without either or for a forged or revoked token, SessionExpired past its lifetime, PermissionDenied when the token
   * belongs to another project than the key.
   */
  requireWalletSession(creds: Credentials): Promise<WalletSession>;
  /** Whether the caller presents a wallet session token (valid or not) rather than a project bearer token. */
  presentsWalletSession(creds: Credentials): boolean;
  /**
   * The project of a known access key; Unauthorized when absent, AccessKeyNotFound when unknown, InvalidOrigin when
   * the request comes from a browser origin the key does not allow.
   */
  requireAccessKey(creds: Credentials): Promise<Caller>;
  /** A signed token of the project, lasting `expiresInSeconds` (BEARER_TOKEN_DAYS by default; `neverExpires` for none). */
  issueBearerToken(projectId: number, opts?: { expiresInSeconds?: number; neverExpires?: boolean }): string;
  /** The claims of a token this server signed and that has not expired (revocation is not checked); throws otherwise. */
  verifyBearerToken(token: string): jwt.JwtPayload;
  /** The caller's access key from what this process remembers, without waiting: undefined when not remembered, null without a key. */
  knownAccessKey(creds: Credentials): KnownAccessKey | null | undefined;
  /** The caller's access key, looked up when not remembered; null without one or when it is refused (its resolvers say why). */
  accessKeyOf(creds: Credentials): Promise<KnownAccessKey | null>;
  /** Drops what this process remembers of a key (revoked, rotated or changed). */
  forgetAccessKey(keyHash: string): void;
  /** A bearer token (its `jti`) was revoked here: credentials objects that verified it read it again at their next check. */
  forgetBearerToken(jti: string): void;
  /**
   * Checks every credential the caller presents, once per credentials object: the access key, and the bearer token (the
   * operator's ADMIN_TOKEN, or else a project's token). Resolves when each is valid or none is presented; otherwise
   * rejects with the first failure, counted toward the failed-credential throttle (RateLimited once the address is over
   * its limit). Admission (graphql/admission.ts) calls it for every request, so a wrong admin token counts too.
   */
  verify(creds: Credentials): Promise<void>;
  close(): Promise<void>;
};

/**
 * Known access keys, kept briefly: a key is checked on every request. A key revoked or changed through the services is
 * forgotten at once wherever the notice reaches (key-notices.ts: this process, and every replica over Redis); a process
 * the notice cannot reach (a `strata key revoke` run without REDIS_URL writes the database only) reads it again within
 * this long. A second costs one primary-key read per key in use per second, and needs no revocation table to poll.
 */
const KEY_CACHE_TTL_MS = 1_000;
const KEY_CACHE_MAX = 10_000;
/**
 * How long a bearer token verified for one credentials object (a request, or a graphql-ws connection) is taken as still
 * not revoked before it is read again. A revocation made on this server is heard at once (forgetBearerToken); one made
 * elsewhere writes the database only (another replica, or any process), so this is how soon a long-lived connection
 * hears of it; expiry needs no read and is checked every time.
 */
export const BEARER_RECHECK_MS = 1_000;

const sessionExpired = () => new DomainError('SessionExpired', 'bearer token has expired');

const DEFAULT_THROTTLE: ThrottleSettings = { limit: 20, windowSeconds: 60, redisUrl: null };

export const createAuthService = ({
  db,
  jwtSecret,
  throttle: settings = DEFAULT_THROTTLE,
  adminToken = null,
  bearerTokenDays = null,
  sessions = null,
}: {
  /** Wallet session tokens (auth/wallet-sessions.ts); null: none are accepted. */
  sessions?: WalletSessionTokens | null;
  db: Db;
  jwtSecret: string;
  /** Lifetime of a token issued without one (BEARER_TOKEN_DAYS); null: no expiry. */
  bearerTokenDays?: number | null;
  throttle?: ThrottleSettings;
  /** The operator's token (ADMIN_TOKEN): a bearer token equal to it is valid, and is not read as a project's. */
  adminToken?: string | null;
}): AuthService => {
  const projects = db.getRepository(ProjectEntity);
  const keys = db.getRepository(AccessKeyEntity);
  const bearerTokens = db.getRepository(BearerTokenEntity);
  // Keyed by hash: plain keys are not kept, not even in memory.
  const knownKeys = new Map<string, KnownAccessKey & { origins: string[]; until: number }>();
  const throttle = createCredentialThrottle(settings);

  /**
   * Runs a credential check; a failure (DomainError, not a missing credential) counts against the address, and is
   * answered RateLimited once the address is over its limit. The check always runs: valid credentials pass from any
   * address (the throttle refuses failed attempts, not callers).
   */
  // Once per presented credentials: a request checks them at admission and in each resolver that needs them, and may
  // run twice (compiled execution falls back to graphql-js on errors), yet is one failed attempt.
  // The same failure is given again to the same credentials, and counted once.
  const failures = new WeakMap<Credentials, DomainError>();
  const counted = async <T>(creds: Credentials, check: () => Promise<T>): Promise<T> => {
    const earlier = failures.get(creds);
    if (earlier) throw earlier;
    try {
      return await check();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const answer = (await throttle.recordFailure(creds.clientAddress)) ?? err;
      failures.set(creds, answer);
      throw answer;
    }
  };
  // A bearer token verified for these credentials: admission and the resolvers after it read the project once. A
  // graphql-ws connection keeps one credentials object for hours, so the entry is not trusted for ever: past the token's
  // expiry it answers SessionExpired, and after BEARER_RECHECK_MS the token is checked again (revoked since?).
  const bearers = new WeakMap<Credentials, { caller: Caller; jti: string | null; expiresAt: number | null; checkedAt: number }>();
  // Tokens revoked here, by jti, with when: an entry checked before that is read again. Kept BEARER_RECHECK_MS, after
  // which every such entry is read again anyway.
  const revokedHere = new Map<string, number>();
  const walletSessions = new WeakMap<Credentials, { session: WalletSession; checkedAt: number }>();
  const isSession = (token: string | null) => token !== null && sessions !== null && sessions.isSessionToken(token);
  const revokedSinceCheck = (jti: string | null, checkedAt: number) => jti !== null && (revokedHere.get(jti) ?? -Infinity) >= checkedAt;

  /** A browser request (it carries Origin) from an origin the key does not list is refused; other callers are not. */
  const checkOrigin = (creds: Credentials, origins: string[]) => {
    const origin = creds.origin?.trim().toLowerCase();
    if (origins.length && origin && !origins.includes(origin)) {
      throw new DomainError('InvalidOrigin', `origin ${origin} is not allowed for this access key`);
    }
  };

  const requireProject = async (projectId: number) => {
    // Credentials are read on the primary, also inside a query: a project or key works the moment it is created.
    if (!(await readingFromPrimary(() => projects.existsBy({ id: projectId })))) {
      throw new DomainError('ProjectNotFound', `project ${projectId} does not exist`);
    }
  };

  return {
    async requireBearer(creds) {
      const token = bearerTokenOf(creds);
      if (!token) throw unauthorized('missing bearer token: send Authorization: Bearer <token>');
      if (isSession(token)) throw unauthorized('a wallet session token does not authorise project operations: send the project’s bearer token');
      const verified = bearers.get(creds);
      const now = Date.now();
      if (
        verified &&
        (verified.expiresAt === null || now < verified.expiresAt) &&
        now - verified.checkedAt < BEARER_RECHECK_MS &&
        !revokedSinceCheck(verified.jti, verified.checkedAt)
      ) {
        return verified.caller;
      }
      bearers.delete(creds);
      let expiresAt: number | null = null;
      let jti: string | null = null;
      const caller = await counted(creds, async () => {
        let claims: jwt.JwtPayload | string;
        try {
          claims = jwt.verify(token, jwtSecret, { algorithms: ['HS256'] });
        } catch (err) {
          if (err instanceof jwt.TokenExpiredError) throw sessionExpired();
          throw unauthorized('invalid bearer token');
        }
        expiresAt = expiryOfClaims(claims);
        const projectId = typeof claims === 'object' ? Number(claims.project) : NaN;
        if (!Number.isSafeInteger(projectId) || projectId < 1) throw unauthorized('bearer token carries no project');
        // Revoked from the console (bearer-tokens.ts): one primary-key read; management calls are few.
        const id = typeof claims === 'object' && typeof claims.jti === 'string' && claims.jti ? claims.jti : null;
        jti = id;
        if (id && (await readingFromPrimary(() => bearerTokens.findOneBy({ id })))?.revokedAt) {
          throw unauthorized('bearer token has been revoked');
        }
        await requireProject(projectId);
        return { projectId };
      });
      bearers.set(creds, { caller, jti, expiresAt, checkedAt: now });
      return caller;
    },

    presentsWalletSession: (creds) => isSession(bearerTokenOf(creds)),

    async requireWalletSession(creds) {
      const token = bearerTokenOf(creds);
      if (!token || !isSession(token)) throw unauthorized('missing session token: send Authorization: Bearer <token from GetAuthToken>');
      const { projectId } = await this.requireAccessKey(creds);
      const known = walletSessions.get(creds);
      const now = Date.now();
      if (known && now < known.session.expiresAt.getTime() && now - known.checkedAt < BEARER_RECHECK_MS && !revokedSinceCheck(known.session.id, known.checkedAt)) {
        return known.session;
      }
      walletSessions.delete(creds);
      const session = await counted(creds, () => sessions!.verify(token));
      if (session.projectId !== projectId) throw permissionDenied('the session token belongs to another project than the access key');
      walletSessions.set(creds, { session, checkedAt: now });
      return session;
    },

    async requireAccessKey(creds) {
      const key = creds.accessKey?.trim();
      if (!key) throw unauthorized('missing access key: send X-Access-Key: <key>');
      const hash = accessKeyHash(key);
      const cached = knownKeys.get(hash);
      if (cached && cached.until > Date.now()) {
        // A key verified moments ago needs no store read (and, valid, passes whatever its address failed before).
        checkOrigin(creds, cached.origins);
        return { projectId: cached.projectId };
      }
      const known = await counted(creds, async () => {
        const row = key.length <= 64 ? await readingFromPrimary(() => keys.findOneBy({ keyHash: hash })) : null;
        if (!row) throw new DomainError('AccessKeyNotFound', 'access key not found');
        if (knownKeys.size >= KEY_CACHE_MAX) knownKeys.clear();
        const entry = {
          id: Number(row.id),
          projectId: row.projectId,
          origins: originsOfRow(row),
          maxQueryCost: row.maxQueryCost ?? null,
          requestsPerSecond: row.requestsPerSecond ?? null,
          requestsPerMonth: row.requestsPerMonth ?? null,
          until: Date.now() + KEY_CACHE_TTL_MS,
        };
        knownKeys.set(hash, entry);
        return entry;
      });
      // After the key is known, and not counted as a failed credential: the key is right, the page is elsewhere.
      checkOrigin(creds, known.origins);
      return { projectId: known.projectId };
    },

    issueBearerToken(projectId, opts = {}) {
      const expiresIn = opts.neverExpires ? undefined : (opts.expiresInSeconds ?? (bearerTokenDays ? bearerTokenDays * 86_400 : undefined));
      // A unique id per token: two tokens issued in the same second are still distinct credentials (and one can be revoked).
      return jwt.sign({ project: projectId }, jwtSecret, {
        algorithm: 'HS256',
        jwtid: crypto.randomUUID(),
        ...(expiresIn ? { expiresIn } : {}),
      });
    },

    verifyBearerToken(token) {
      const claims = jwt.verify(token, jwtSecret, { algorithms: ['HS256'] });
      if (typeof claims !== 'object') throw new Error('not a project token');
      return claims;
    },

    knownAccessKey(creds) {
      const key = creds.accessKey?.trim();
      if (!key) return null;
      const cached = knownKeys.get(accessKeyHash(key));
      return cached && cached.until > Date.now() ? cached : undefined;
    },

    async accessKeyOf(creds) {
      const key = creds.accessKey?.trim();
      if (!key) return null;
      try {
        await this.requireAccessKey(creds);
      } catch {
        return null;
      }
      return knownKeys.get(accessKeyHash(key)) ?? null;
    },

    forgetAccessKey(keyHash) {
      knownKeys.delete(keyHash);
    },

    forgetBearerToken(jti) {
      const now = Date.now();
      for (const [id, at] of revokedHere) if (now - at > BEARER_RECHECK_MS) revokedHere.delete(id);
      revokedHere.set(jti, now);
    },

    async verify(creds) {
      if (creds.accessKey?.trim()) await this.requireAccessKey(creds);
      // The operator's token is compared in constant time; any other bearer token must be a project's.
      const token = bearerTokenOf(creds);
      if (token && isSession(token)) await this.requireWalletSession(creds);
      else if (token && !isAdmin(creds, adminToken)) await this.requireBearer(creds);
    },

    close: () => throttle.close(),
  };
};
