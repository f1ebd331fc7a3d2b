// Access keys as the published services manage them: several per project, exactly one default, a name, the browser
// origins a key may be used from, rotation and revocation. A key is shown once, when issued; only its hash and last
// four characters are kept.
import crypto from 'node:crypto';
import type { Db } from '../../db';
import { AccessKeyEntity, accessKeyHash, type AccessKeyRow } from '../../db';
import { DomainError, invalidArgument, notFound } from '../errors';
import { optionalText, requireId, type Maybe } from '../validate';

/** Per project; the published services refuse more with MaxAccessKeys too. */
export const MAX_ACCESS_KEYS = 20;
const MAX_ORIGINS = 50;

export type AccessKey = {
  id: number;
  projectId: number;
  name: string;
  /** The key's last four characters. */
  hint: string;
  isDefault: boolean;
  /** Browser origins the key may be used from; empty: any (and requests without an Origin always pass). */
  origins: string[];
  /** Its ceiling on a GraphQL request's cost; null: the server's. */
  maxQueryCost: number | null;
  /** Its own request rate per second and quota per calendar month (UTC); null: the server's. */
  requestsPerSecond: number | null;
  requestsPerMonth: number | null;
  createdAt: Date;
};
export type IssuedAccessKey = { accessKey: AccessKey; key: string };
export type AccessKeyInput = {
  name?: Maybe<string>;
  origins?: Maybe<string[]>;
  isDefault?: Maybe<boolean>;
  /** 0 returns the key to the server's ceiling. */
  maxQueryCost?: Maybe<number>;
  /** 0 returns the key to the server's rate / quota. */
  requestsPerSecond?: Maybe<number>;
  requestsPerMonth?: Maybe<number>;
};

const maxCostOf = (v: Maybe<number>): number | null | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!Number.isSafeInteger(v) || v < 0 || v > 10_000_000) throw invalidArgument('maxQueryCost', 'must be a whole number from 0 (the server’s ceiling) to 10,000,000');
  return v === 0 ? null : v;
};

/** A key's own request limit: undefined keeps it, 0 returns it to the server's (null), else the number. */
const requestLimitOf = (field: string, v: Maybe<number>, max: number): number | null | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!Number.isSafeInteger(v) || v < 0 || v > max) throw invalidArgument(field, `must be a whole number from 0 (the server’s limit) to ${max.toLocaleString('en-US')}`);
  return v === 0 ? null : v;
};
const perSecondOf = (v: Maybe<number>) => requestLimitOf('requestsPerSecond', v, 1_000_000);
const perMonthOf = (v: Maybe<number>) => requestLimitOf('requestsPerMonth', v, 2_000_000_000);

export type AccessKeysService = {
  /** Oldest first. */
  list(projectId: number): Promise<AccessKey[]>;
  /** A new key (the project's first is its default); MaxAccessKeys past the limit. */
  create(projectId: number, input?: AccessKeyInput): Promise<IssuedAccessKey>;
  /** Renames it, sets its origins, or makes it the default (NoDefaultKey for taking the default away). */
  update(projectId: number, id: unknown, input: AccessKeyInput): Promise<AccessKey>;
  /** A new key in its place (same id, name, origins, default flag and limits); the old one stops working. */
  rotate(projectId: number, id: unknown): Promise<IssuedAccessKey>;
  /** It stops working; AtLeastOneKey for the project's last key. A revoked default passes to the oldest key left. */
  revoke(projectId: number, id: unknown): Promise<void>;
};

/** `scheme://host[:port]`, lower-case, http(s) only: what a browser sends as `Origin`. */
export const originOf = (field: string, v: unknown): string => {
  const bad = () => invalidArgument(field, 'must be an origin such as https://app.example.com (scheme, host and port only)');
  if (typeof v !== 'string' || v.length > 300) throw bad();
  let url: URL;
  try {
    url = new URL(v.trim());
  } catch {
    throw bad();
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash || !['', '/'].includes(url.pathname)) throw bad();
  return url.origin.toLowerCase();
};

const originsOf = (v: Maybe<string[]>): string[] | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > MAX_ORIGINS) throw invalidArgument('origins', `must be a list of at most ${MAX_ORIGINS} origins`);
  return [...new Set(v.map((o, i) => originOf(`origins[${i}]`, o)))];
};

export const originsOfRow = (row: Pick<AccessKeyRow, 'originsJson'>): string[] => (row.originsJson ? (JSON.parse(row.originsJson) as string[]) : []);

const toKey = (row: AccessKeyRow): AccessKey => ({
  id: Number(row.id),
  projectId: row.projectId,
  name: row.name,
  hint: row.hint,
  isDefault: Boolean(row.isDefault),
  origins: originsOfRow(row),
  maxQueryCost: row.maxQueryCost ?? null,
  requestsPerSecond: row.requestsPerSecond ?? null,
  requestsPerMonth: row.requestsPerMonth ?? null,
  createdAt: row.createdAt,
});

/** Version byte, project id, randomness: the key names its project yet cannot be guessed. */
const newKey = (projectId: number): string => {
  const buf = Buffer.alloc(25);
  buf.writeUInt8(1, 0);
  buf.writeBigUInt64BE(BigInt(projectId), 1);
  crypto.randomBytes(16).copy(buf, 9);
  return buf.toString('base64url');
};

export const createAccessKeysService = ({
  db,
  forget,
}: {
  db: Db;
  /** Tells every server that a key changed (auth/key-notices.ts); resolves once the notice is sent. */
  forget: (keyHash: string) => void | Promise<void>;
}): AccessKeysService => {
  const repo = db.getRepository(AccessKeyEntity);

  const owned = async (projectId: number, id: unknown): Promise<AccessKeyRow> => {
    const keyId = requireId('id', id);
    const row = await repo.findOneBy({ id: keyId });
    // Another project's key reads as missing: ids are not a way to learn what exists.
    if (!row || row.projectId !== projectId) throw notFound(`access key ${keyId}`);
    return row;
  };

  const issue = async (projectId: number, fields: Omit<AccessKeyRow, 'id' | 'projectId' | 'keyHash' | 'hint' | 'createdAt'>) => {
    const key = newKey(projectId);
    const id = await db.transaction(async (m) => {
      const keys = m.getRepository(AccessKeyEntity);
      if ((await keys.countBy({ projectId })) >= MAX_ACCESS_KEYS) {
        throw new DomainError('MaxAccessKeys', `a project has at most ${MAX_ACCESS_KEYS} access keys: revoke one first`);
      }
      if (fields.isDefault) await keys.update({ projectId }, { isDefault: false });
      const result = await keys.insert({ projectId, keyHash: accessKeyHash(key), hint: key.slice(-4), createdAt: new Date(), ...fields });
      return Number(result.identifiers[0].id);
    });
    return { accessKey: toKey(await repo.findOneByOrFail({ id })), key };
  };

  return {
    async list(projectId) {
      return (await repo.find({ where: { projectId }, order: { id: 'ASC' } })).map(toKey);
    },

    async create(projectId, input = {}) {
      const first = (await repo.countBy({ projectId })) === 0;
      const origins = originsOf(input.origins) ?? [];
      return issue(projectId, {
        name: optionalText('name', input.name, 100) ?? '',
        isDefault: first || input.isDefault === true,
        originsJson: origins.length ? JSON.stringify(origins) : null,
        maxQueryCost: maxCostOf(input.maxQueryCost) ?? null,
        requestsPerSecond: perSecondOf(input.requestsPerSecond) ?? null,
        requestsPerMonth: perMonthOf(input.requestsPerMonth) ?? null,
      });
    },

    async update(projectId, id, input) {
      const row = await owned(projectId, id);
      if (input.isDefault === false && row.isDefault) {
        throw new DomainError('NoDefaultKey', 'a project keeps one default access key: make another key the default instead');
      }
      const origins = originsOf(input.origins);
      const patch: Partial<AccessKeyRow> = {};
      if (input.name !== undefined && input.name !== null) patch.name = optionalText('name', input.name, 100) ?? '';
      if (origins) patch.originsJson = origins.length ? JSON.stringify(origins) : null;
      const maxCost = maxCostOf(input.maxQueryCost);
      if (maxCost !== undefined) patch.maxQueryCost = maxCost;
      const perSecond = perSecondOf(input.requestsPerSecond);
      if (perSecond !== undefined) patch.requestsPerSecond = perSecond;
      const perMonth = perMonthOf(input.requestsPerMonth);
      if (perMonth !== undefined) patch.requestsPerMonth = perMonth;
      await db.transaction(async (m) => {
        const keys = m.getRepository(AccessKeyEntity);
        if (input.isDefault === true && !row.isDefault) {
          await keys.update({ projectId }, { isDefault: false });
          patch.isDefault = true;
        }
        if (Object.keys(patch).length) await keys.update({ id: row.id }, patch);
      });
      await forget(row.keyHash);
      return toKey(await repo.findOneByOrFail({ id: row.id }));
    },

    async rotate(projectId, id) {
      const row = await owned(projectId, id);
      // The same record with a new key: its id, settings, limits, quota used and usage history carry on (a rotation
      // must not reset a monthly quota).
      const key = newKey(projectId);
      await repo.update({ id: row.id }, { keyHash: accessKeyHash(key), hint: key.slice(-4), createdAt: new Date() });
      await forget(row.keyHash);
      return { accessKey: toKey(await repo.findOneByOrFail({ id: row.id })), key };
    },

    async revoke(projectId, id) {
      const row = await owned(projectId, id);
      await db.transaction(async (m) => {
        const keys = m.getRepository(AccessKeyEntity);
        const others = await keys.find({ where: { projectId }, order: { id: 'ASC' } }).then((all) => all.filter((k) => k.id !== row.id));
        if (!others.length) throw new DomainError('AtLeastOneKey', 'a project needs at least one access key: issue another before revoking this one');
        await keys.delete({ id: row.id });
        if (row.isDefault) await keys.update({ id: others[0].id }, { isDefault: true });
      });
      await forget(row.keyHash);
    },
  };
};
