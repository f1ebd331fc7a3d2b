// Hosted collections: who may read and change them, their tokens, and the public documents they serve.
import type { Db } from '../../db';
import { CollectionEntity, CollectionTokenEntity, type CollectionRow } from '../../db';
import { callerProject as callerProjectOf } from '../auth/caller';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import { invalidArgument, notFound, permissionDenied } from '../errors';
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { type Maybe, optionalBoolean, requireId } from '../validate';
import { collectionFromRow, tokenFromRow } from './rows';
import type { Collection, CollectionInput, CollectionToken, TokenInput } from './types';
import { collectionFields, tokenFields, tokenIdOf } from './validate-input';

export const COLLECTIONS_PAGE = { default: 30, max: 100, cursorTag: 'c1' };
export const TOKENS_PAGE = { default: 50, max: 100, cursorTag: 't1' };

export type CollectionsService = {
  list(creds: Credentials, req: { projectId?: Maybe<number>; page?: PageRequest | null }): Promise<Page<Collection>>;
  get(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }): Promise<Collection>;
  create(creds: Credentials, req: { projectId?: Maybe<number>; metadata: CollectionInput; private?: Maybe<boolean> }): Promise<Collection>;
  update(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; metadata?: CollectionInput | null; private?: Maybe<boolean> }): Promise<Collection>;
  delete(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }): Promise<boolean>;
  /**
   * Publishing decides what the hosted documents serve: a published collection's document (and its public tokens')
   * is served, an unpublished one answers 404 like a missing one. `recursive` also publishes every token.
   */
  publish(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; recursive?: Maybe<boolean> }): Promise<Collection>;
  unpublish(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }): Promise<Collection>;
  /** The project the caller's bearer token speaks for; a projectId in the request must match it. */
  callerProject(creds: Credentials, requested: unknown): Promise<number>;
  listTokens(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; page?: PageRequest | null }): Promise<Page<CollectionToken>>;
  getToken(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; tokenId: string }): Promise<CollectionToken>;
  createToken(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; token: TokenInput; private?: Maybe<boolean> }): Promise<CollectionToken>;
  updateToken(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; tokenId: string; token: TokenInput; private?: Maybe<boolean> }): Promise<CollectionToken>;
  deleteToken(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number; tokenId: string }): Promise<boolean>;
  /** Public: the collection's contract metadata document, or null when absent or private. */
  contractDocument(projectId: number, collectionId: number): Promise<Record<string, unknown> | null>;
  /** Public: a token's ERC-721/1155 metadata document, or null when absent or private. */
  tokenDocument(projectId: number, collectionId: number, tokenId: string): Promise<Record<string, unknown> | null>;
  /** The token's metadata, read without credentials (used by the Metadata service for linked contracts). */
  tokensOf(collectionId: number, tokenIds: string[]): Promise<CollectionToken[]>;
};

/** Called after a token or a whole collection (no token id) is deleted: its uploaded files go with it. */
export type RemoveFiles = (collectionId: number, tokenId?: string) => Promise<void>;

export const createCollectionsService = ({
  db,
  auth,
  publicUrl,
  removeFiles = async () => undefined,
}: {
  db: Db;
  auth: AuthService;
  publicUrl: string;
  removeFiles?: RemoveFiles;
}): CollectionsService => {
  const collections = db.getRepository(CollectionEntity);
  const tokens = db.getRepository(CollectionTokenEntity);

  /** The caller's project; a projectId in the request must match the token's. */
  const callerProject = (creds: Credentials, requested: unknown) => callerProjectOf(auth, creds, requested);

  /** The collection, if it exists and belongs to the caller's project. */
  const ownedCollection = async (creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }) => {
    const projectId = await callerProject(creds, req.projectId);
    const id = requireId('collectionId', req.collectionId);
    const row = await collections.findOneBy({ id });
    if (!row) throw notFound(`collection ${id}`);
    if (row.projectId !== projectId) throw permissionDenied(`collection ${id} belongs to another project`);
    return row;
  };

  const tokenCounts = async (ids: number[]): Promise<Map<number, number>> => {
    if (!ids.length) return new Map();
    const rows: Array<{ id: number; n: string | number }> = await tokens
      .createQueryBuilder('t')
      .select('t.collectionId', 'id')
      .addSelect('COUNT(*)', 'n')
      .where('t.collectionId IN (:...ids)', { ids })
      .groupBy('t.collectionId')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  };

  const withCount = async (row: CollectionRow) =>
    collectionFromRow(row, (await tokenCounts([row.id])).get(row.id) ?? 0, publicUrl);

  const findToken = async (collectionId: number, tokenId: string) => {
    const row = await tokens.findOneBy({ collectionId, tokenId });
    if (!row) throw notFound(`token ${tokenId} of collection ${collectionId}`);
    return row;
  };

  const tokenIdMatches = (input: TokenInput, tokenId: string) => {
    if (input.tokenId !== undefined && input.tokenId !== null && input.tokenId !== '' && tokenIdOf('token.tokenId', input.tokenId) !== tokenId) {
      throw invalidArgument('token.tokenId', 'does not match tokenId');
    }
  };

  return {
    async list(creds, req) {
      const projectId = await callerProject(creds, req.projectId);
      const page = resolvePageRequest(req.page, COLLECTIONS_PAGE);
      const totalCount = () => collections.count({ where: { projectId } });
      const w = await offsetWindow(COLLECTIONS_PAGE.cursorTag, page, totalCount);
      const rows = await collections.find({ where: { projectId }, order: { id: 'ASC' }, skip: w.offset, take: w.limit });
      const counts = await tokenCounts(rows.slice(0, page.pageSize).map((r) => r.id));
      const out = offsetPage(COLLECTIONS_PAGE.cursorTag, rows, page, w, (r) => collectionFromRow(r, counts.get(r.id) ?? 0, publicUrl));
      return { ...out, totalCount };
    },

    async get(creds, req) {
      return withCount(await ownedCollection(creds, req));
    },

    async create(creds, req) {
      const projectId = await callerProject(creds, req.projectId);
      const f = collectionFields(req.metadata ?? {}, 'metadata.', true);
      const isPrivate = optionalBoolean('private', req.private) ?? f.private ?? false;
      const now = new Date();
      const result = await collections.insert({
        projectId,
        name: f.name!,
        description: f.description ?? '',
        image: f.image || null,
        externalLink: f.externalLink || null,
        properties: f.properties ? JSON.stringify(f.properties) : null,
        private: isPrivate,
        createdAt: now,
        updatedAt: now,
      });
      return withCount(await collections.findOneByOrFail({ id: Number(result.identifiers[0].id) }));
    },

    async update(creds, req) {
      const row = await ownedCollection(creds, req);
      const f = collectionFields(req.metadata ?? {}, 'metadata.', false);
      const isPrivate = optionalBoolean('private', req.private);
      const patch: Partial<CollectionRow> = { updatedAt: new Date() };
      if (f.name !== undefined) patch.name = f.name;
      if (f.description !== undefined) patch.description = f.description;
      if (f.image !== undefined) patch.image = f.image || null;
      if (f.externalLink !== undefined) patch.externalLink = f.externalLink || null;
      if (f.properties !== undefined) patch.properties = JSON.stringify(f.properties);
      if (isPrivate !== undefined) patch.private = isPrivate;
      await collections.update({ id: row.id }, patch);
      return withCount(await collections.findOneByOrFail({ id: row.id }));
    },

    async delete(creds, req) {
      const row = await ownedCollection(creds, req);
      await db.transaction(async (m) => {
        await m.getRepository(CollectionTokenEntity).delete({ collectionId: row.id });
        await m.getRepository(CollectionEntity).delete({ id: row.id });
      });
      await removeFiles(row.id);
      return true;
    },

    async publish(creds, req) {
      const row = await ownedCollection(creds, req);
      const recursive = optionalBoolean('recursive', req.recursive) ?? false;
      const now = new Date();
      await db.transaction(async (m) => {
        await m.getRepository(CollectionEntity).update({ id: row.id }, { private: false, updatedAt: now });
        if (recursive) await m.getRepository(CollectionTokenEntity).update({ collectionId: row.id, private: true }, { private: false, updatedAt: now });
      });
      return withCount(await collections.findOneByOrFail({ id: row.id }));
    },

    async unpublish(creds, req) {
      const row = await ownedCollection(creds, req);
      // The tokens keep their own flag: publishing the collection again serves the same tokens as before.
      await collections.update({ id: row.id }, { private: true, updatedAt: new Date() });
      return withCount(await collections.findOneByOrFail({ id: row.id }));
    },

    callerProject,

    async listTokens(creds, req) {
      const row = await ownedCollection(creds, req);
      const page = resolvePageRequest(req.page, TOKENS_PAGE);
      const totalCount = () => tokens.count({ where: { collectionId: row.id } });
      const w = await offsetWindow(TOKENS_PAGE.cursorTag, page, totalCount);
      // Token ids are decimal strings: order by length, then text, to get numeric order.
      const rows = await tokens
        .createQueryBuilder('t')
        .where('t.collectionId = :id', { id: row.id })
        .orderBy('LENGTH(t.token_id)', 'ASC')
        .addOrderBy('t.tokenId', 'ASC')
        .offset(w.offset)
        .limit(w.limit)
        .getMany();
      return { ...offsetPage(TOKENS_PAGE.cursorTag, rows, page, w, tokenFromRow), totalCount };
    },

    async getToken(creds, req) {
      const row = await ownedCollection(creds, req);
      return tokenFromRow(await findToken(row.id, tokenIdOf('tokenId', req.tokenId)));
    },

    async createToken(creds, req) {
      const row = await ownedCollection(creds, req);
      const tokenId = tokenIdOf('token.tokenId', req.token?.tokenId);
      const f = tokenFields(req.token ?? {}, 'token.', true);
      if (await tokens.existsBy({ collectionId: row.id, tokenId })) {
        throw invalidArgument('token.tokenId', `token ${tokenId} already exists in collection ${row.id}`);
      }
      const now = new Date();
      await tokens.insert({
        collectionId: row.id,
        tokenId,
        name: f.name ?? '',
        description: f.description ?? '',
        image: f.image || null,
        properties: f.properties ? JSON.stringify(f.properties) : null,
        attributes: f.attributes ? JSON.stringify(f.attributes) : null,
        extra: JSON.stringify(f.extra),
        private: optionalBoolean('private', req.private) ?? false,
        createdAt: now,
        updatedAt: now,
      });
      return tokenFromRow(await findToken(row.id, tokenId));
    },

    async updateToken(creds, req) {
      const row = await ownedCollection(creds, req);
      const tokenId = tokenIdOf('tokenId', req.tokenId);
      if (!req.token || typeof req.token !== 'object') throw invalidArgument('token', 'is required');
      tokenIdMatches(req.token, tokenId);
      const f = tokenFields(req.token, 'token.', false);
      const isPrivate = optionalBoolean('private', req.private);
      const current = await findToken(row.id, tokenId);
      const patch: Record<string, unknown> = { updatedAt: new Date() };
      if (f.name !== undefined) patch.name = f.name;
      if (f.description !== undefined) patch.description = f.description;
      if (f.image !== undefined) patch.image = f.image || null;
      if (f.properties !== undefined) patch.properties = JSON.stringify(f.properties);
      if (f.attributes !== undefined) patch.attributes = JSON.stringify(f.attributes);
      if (Object.keys(f.extra).length) patch.extra = JSON.stringify({ ...tokenFromRow(current).extra, ...f.extra });
      if (isPrivate !== undefined) patch.private = isPrivate;
      await tokens.update({ collectionId: row.id, tokenId }, patch);
      return tokenFromRow(await findToken(row.id, tokenId));
    },

    async deleteToken(creds, req) {
      const row = await ownedCollection(creds, req);
      const tokenId = tokenIdOf('tokenId', req.tokenId);
      await findToken(row.id, tokenId);
      await tokens.delete({ collectionId: row.id, tokenId });
      await removeFiles(row.id, tokenId);
      return true;
    },

    async contractDocument(projectId, collectionId) {
      const row = await collections.findOneBy({ id: collectionId, projectId });
      if (!row || row.private) return null;
      const c = collectionFromRow(row, 0, publicUrl);
      return {
        name: c.metadata.name,
        description: c.metadata.description,
        image: c.metadata.image ?? '',
        external_link: c.metadata.externalLink ?? '',
        ...(c.metadata.properties ? { properties: c.metadata.properties } : {}),
      };
    },

    async tokenDocument(projectId, collectionId, tokenId) {
      const row = await collections.findOneBy({ id: collectionId, projectId });
      if (!row || row.private) return null;
      const tokenRow = await tokens.findOneBy({ collectionId, tokenId });
      if (!tokenRow || tokenRow.private) return null;
      const t = tokenFromRow(tokenRow);
      const x = t.extra;
      return {
        name: t.name,
        description: t.description,
        image: t.image,
        ...(x.externalUrl ? { external_url: x.externalUrl } : {}),
        ...(x.animationUrl ? { animation_url: x.animationUrl } : {}),
        ...(x.backgroundColor ? { background_color: x.backgroundColor.replace(/^#/, '') } : {}),
        ...(x.imageData ? { image_data: x.imageData } : {}),
        ...(x.decimals !== undefined ? { decimals: x.decimals } : {}),
        ...(t.attributes ? { attributes: t.attributes } : {}),
        ...(t.properties ? { properties: t.properties } : {}),
      };
    },

    async tokensOf(collectionId, tokenIds) {
      if (!tokenIds.length) return [];
      const rows = await tokens.createQueryBuilder('t').where('t.collectionId = :collectionId', { collectionId }).andWhere('t.tokenId IN (:...tokenIds)', { tokenIds }).getMany();
      return rows.map(tokenFromRow);
    },
  };
};
