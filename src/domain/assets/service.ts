// Media of hosted collection tokens: upload (type sniffed from the bytes, size capped, dimensions read), the token
// document pointing at it, public reads by immutable URL, and removal with the token or collection.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db';
import { AssetEntity, CollectionEntity, type AssetRow } from '../../db';
import { isSpooledFile, spoolStream, type ByteRange, type FileStorage, type SpooledFile } from '../../storage';
import type { Credentials } from '../auth/credentials';
import type { CollectionsService } from '../collections/service';
import { invalidArgument } from '../errors';
import { requireId, type Maybe } from '../validate';
import { createAssetRecords, type AssetRecords } from './records';
import { sniff } from './sniff';
import type { Asset } from './types';

export type { Asset } from './types';

export type UploadRequest = {
  projectId?: Maybe<number>;
  collectionId: number;
  tokenId: string;
  metadataField: string;
  filename: string;
  /** The file: its bytes, or (the upload route) the body spooled to a temporary file as it arrived. */
  bytes: Buffer | SpooledFile;
};

export type { SpooledFile } from '../../storage';

export type AssetsService = AssetRecords & {
  /**
   * Receives an upload's body as it arrives: spooled to a temporary file, never whole in memory, rejecting with
   * `tooLarge()` as soon as it passes ASSET_MAX_BYTES. The caller discards the file once `upload` is done with it.
   */
  receive(body: Readable, tooLarge: () => Error): Promise<SpooledFile>;
  /** Stores the file and points the token's field at it (a later upload to the same field replaces it). */
  upload(creds: Credentials, req: UploadRequest): Promise<Asset>;
  /** The assets of these tokens of a collection, per token id. */
  ofTokens(collectionId: number, tokenIds: string[]): Promise<Map<string, Asset[]>>;
  /** A public read by URL: null unless the asset exists and its token is public; `read` opens its bytes (or a range). */
  find(path: { projectId: number; collectionId: number; tokenId: string; name: string }): Promise<{ asset: AssetRow; read(range?: ByteRange): Promise<Readable | null> } | null>;
  /** Deletes the assets of a token (or of every token of the collection) and their files. */
  removeFor(collectionId: number, tokenId?: string): Promise<void>;
};

/** Token document fields an upload can fill; any other field name keeps the file listed in `assets` only. */
const DOCUMENT_FIELDS: Record<string, 'image' | 'animationUrl' | 'video' | 'audio'> = {
  image: 'image',
  animation_url: 'animationUrl',
  video: 'video',
  audio: 'audio',
};

const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

// Taken as given, not trimmed: "image\n" is refused rather than stored as "image" (the name reaches storage keys,
// URLs and the token's document).
const fieldOf = (name: string, v: unknown): string => {
  const field = typeof v === 'string' ? v : '';
  if (!FIELD.test(field)) throw invalidArgument(name, 'must be a metadata field name such as image or animation_url');
  return field;
};

/** A file name as given, refused when it could mean a path or carries control characters; at most 200 characters. */
export const filenameOf = (v: unknown, field = 'filename'): string => {
  const bad = (why: string) => invalidArgument(field, why);
  if (typeof v !== 'string' || !v.trim()) throw bad('is required');
  const name = v.trim();
  if (name.length > 200) throw bad('must be at most 200 characters');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(name) || name === '.' || name === '..' || name.startsWith('.')) {
    throw bad('must be a plain file name (no path, no leading dot, no control characters)');
  }
  return name;
};

/** The name as it appears in URLs and storage keys: lower-case letters, digits, '.', '_' and '-'. */
const slugOf = (filename: string) =>
  filename
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100) || 'file';

export const createAssetsService = ({
  db,
  storage,
  collections,
  publicUrl,
  maxBytes,
}: {
  db: Db;
  storage: FileStorage;
  collections: Pick<CollectionsService, 'getToken' | 'updateToken' | 'tokenDocument' | 'callerProject'>;
  publicUrl: string;
  maxBytes: number;
}): AssetsService => {
  const repo = db.getRepository(AssetEntity);

  /** `<id>-<first 12 hex of the content hash>/<name>`: a new upload gets a new URL, so a URL never changes content. */
  const pathOf = (r: AssetRow) => `/projects/${r.projectId}/collections/${r.collectionId}/tokens/${r.tokenId}/assets/${r.id}-${r.sha256.slice(0, 12)}/${slugOf(r.filename)}`;
  const toAsset = (r: AssetRow): Asset => ({
    id: Number(r.id),
    collectionId: r.collectionId,
    metadataField: r.metadataField,
    tokenId: r.tokenId,
    // A record made before its file was uploaded (CreateAsset) has no URL yet.
    url: r.sha256 ? `${publicUrl}${pathOf(r)}` : '',
    filename: r.filename,
    filesize: r.filesize,
    mimeType: r.mimeType,
    width: r.width,
    height: r.height,
    updatedAt: r.updatedAt,
  });

  return {
    ...createAssetRecords({
      repo,
      storage,
      collections,
      toAsset,
      fieldOf: (v) => fieldOf('asset.metadataField', v),
      filenameOf: (v) => filenameOf(v, 'asset.name'),
      documentFieldOf: (field) => DOCUMENT_FIELDS[field],
    }),

    receive: (body, tooLarge) => spoolStream(body, maxBytes, tooLarge),

    async upload(creds, req) {
      // Ownership and existence first: nothing is stored for another project's token or a missing one.
      const token = await collections.getToken(creds, { projectId: req.projectId, collectionId: req.collectionId, tokenId: req.tokenId });
      const field = fieldOf('metadataField', req.metadataField);
      const filename = filenameOf(req.filename);
      // A spooled file was sized and hashed as it arrived; its first bytes are enough to tell its type and dimensions.
      const file = isSpooledFile(req.bytes) ? req.bytes : { size: req.bytes.length, head: req.bytes, sha256: crypto.createHash('sha256').update(req.bytes).digest('hex') };
      if (!file.size) throw invalidArgument('file', 'is empty');
      if (file.size > maxBytes) throw invalidArgument('file', `is larger than the ${maxBytes}-byte limit`);
      const sniffed = await sniff(file.head);
      const { sha256 } = file;
      const { projectId } = await db.getRepository(CollectionEntity).findOneByOrFail({ id: req.collectionId });
      const key = `assets/${req.collectionId}/${token.tokenId}/${field}/${sha256}-${slugOf(filename)}`;
      const previous = await repo.findOneBy({ collectionId: req.collectionId, tokenId: token.tokenId, metadataField: field });
      await storage.put(key, req.bytes);
      const now = new Date();
      let row: AssetRow;
      try {
        const fields = { projectId, storageKey: key, filename, filesize: file.size, ...sniffed, sha256, updatedAt: now };
        if (previous) {
          await repo.update({ id: previous.id }, fields);
          row = await repo.findOneByOrFail({ id: previous.id });
        } else {
          const inserted = await repo.insert({ collectionId: req.collectionId, tokenId: token.tokenId, metadataField: field, createdAt: now, ...fields });
          row = await repo.findOneByOrFail({ id: Number(inserted.identifiers[0].id) });
        }
      } catch (err) {
        // Nothing is left behind by an upload that did not complete.
        if (previous?.storageKey !== key) await storage.remove(key);
        throw err;
      }
      // A record made before its first upload has no file to remove.
      if (previous?.storageKey && previous.storageKey !== key) await storage.remove(previous.storageKey);
      const documentField = DOCUMENT_FIELDS[field];
      if (documentField) {
        await collections.updateToken(creds, { projectId: req.projectId, collectionId: req.collectionId, tokenId: token.tokenId, token: { [documentField]: toAsset(row).url } });
      }
      return toAsset(row);
    },

    async ofTokens(collectionId, tokenIds) {
      const out = new Map<string, Asset[]>(tokenIds.map((t) => [t, []]));
      if (!tokenIds.length) return out;
      const rows = await repo.createQueryBuilder('a').where('a.collectionId = :collectionId', { collectionId }).andWhere('a.tokenId IN (:...tokenIds)', { tokenIds }).orderBy('a.id').getMany();
      for (const r of rows) out.get(r.tokenId)?.push(toAsset(r));
      return out;
    },

    async find(path) {
      const m = /^(\d{1,10})-([0-9a-f]{12})\/[a-z0-9._-]{1,100}$/.exec(path.name);
      if (!m) return null;
      const row = await repo.findOneBy({ id: requireId('id', Number(m[1])) });
      if (!row || !row.sha256 || row.collectionId !== path.collectionId || row.tokenId !== path.tokenId || row.projectId !== path.projectId || !row.sha256.startsWith(m[2])) return null;
      // Private collections and tokens: their files are as hidden as their documents.
      if (!(await collections.tokenDocument(path.projectId, path.collectionId, path.tokenId))) return null;
      return { asset: row, read: (range) => storage.open(row.storageKey, range) };
    },

    async removeFor(collectionId, tokenId) {
      const rows = await repo.findBy(tokenId === undefined ? { collectionId } : { collectionId, tokenId });
      for (const r of rows) {
        await repo.delete({ id: r.id });
        if (r.storageKey) await storage.remove(r.storageKey);
      }
    },
  };
};
