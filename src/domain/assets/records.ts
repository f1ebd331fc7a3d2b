// Asset records of hosted collection tokens, as the published Collections clients manage them: a record names the
// token and metadata field a file is for (the bytes arrive later through the upload route, which fills the record),
// can be renamed or moved to another field of its token, and deleted with its file.
import type { Repository } from 'typeorm';
import type { AssetRow } from '../../db';
import type { FileStorage } from '../../storage';
import type { Credentials } from '../auth/credentials';
import type { CollectionsService } from '../collections/service';
import { tokenIdOf } from '../collections/validate-input';
import { DomainError, invalidArgument, notFound, permissionDenied } from '../errors';
import { type Maybe, optionalId, requireId } from '../validate';
import type { Asset } from './types';

/** What a client may send of an Asset; url, size, type and dimensions come from the uploaded bytes only. */
export type AssetRecordInput = {
  id?: Maybe<number>;
  collectionId?: Maybe<number>;
  tokenId?: Maybe<string>;
  metadataField?: Maybe<string>;
  filename?: Maybe<string>;
};

export type AssetRecords = {
  createRecord(creds: Credentials, req: { projectId?: Maybe<number>; asset: AssetRecordInput }): Promise<Asset>;
  getRecord(creds: Credentials, req: { projectId?: Maybe<number>; assetId: number }): Promise<Asset>;
  updateRecord(creds: Credentials, req: { projectId?: Maybe<number>; assetId: number; asset: AssetRecordInput }): Promise<Asset>;
  deleteRecord(creds: Credentials, req: { projectId?: Maybe<number>; assetId: number }): Promise<boolean>;
};

type Deps = {
  repo: Repository<AssetRow>;
  storage: FileStorage;
  collections: Pick<CollectionsService, 'getToken' | 'updateToken' | 'callerProject'>;
  toAsset: (r: AssetRow) => Asset;
  fieldOf: (v: unknown) => string;
  filenameOf: (v: unknown) => string;
  /** The token document field an asset's metadata field fills, if any. */
  documentFieldOf: (field: string) => 'image' | 'animationUrl' | 'video' | 'audio' | undefined;
};

export const createAssetRecords = ({ repo, storage, collections, toAsset, fieldOf, filenameOf, documentFieldOf }: Deps): AssetRecords => {
  const ownedRecord = async (creds: Credentials, req: { projectId?: Maybe<number>; assetId: unknown }) => {
    const projectId = await collections.callerProject(creds, req.projectId);
    const id = requireId('assetId', req.assetId);
    const row = await repo.findOneBy({ id });
    if (!row) throw notFound(`asset ${id}`);
    if (row.projectId !== projectId) throw permissionDenied(`asset ${id} belongs to another project`);
    return row;
  };

  const fieldTaken = async (row: { collectionId: number; tokenId: string }, field: string) => {
    const holder = await repo.findOneBy({ collectionId: row.collectionId, tokenId: row.tokenId, metadataField: field });
    if (holder) {
      throw new DomainError('RequestConflict', `asset ${holder.id} already holds field ${field} of token ${row.tokenId}; update or delete it`, 'asset.metadataField');
    }
  };

  /** Points the token document's field at `url` (empty clears it); the caller's ownership is checked again there. */
  const pointDocument = async (creds: Credentials, row: AssetRow, field: string, url: string) => {
    const documentField = documentFieldOf(field);
    if (!documentField) return;
    await collections.updateToken(creds, { projectId: row.projectId, collectionId: row.collectionId, tokenId: row.tokenId, token: { [documentField]: url } });
  };

  /**
   * Clears the document field only while it still points at this asset's file: false when the owner has pointed it
   * elsewhere since (then nothing about the document changes), true otherwise.
   */
  const releaseDocument = async (creds: Credentials, row: AssetRow): Promise<boolean> => {
    const documentField = documentFieldOf(row.metadataField);
    if (!row.sha256 || !documentField) return true;
    const token = await collections.getToken(creds, { projectId: row.projectId, collectionId: row.collectionId, tokenId: row.tokenId });
    const current = documentField === 'image' ? token.image : token.extra[documentField];
    if (current !== toAsset(row).url) return false;
    await pointDocument(creds, row, row.metadataField, '');
    return true;
  };

  return {
    async createRecord(creds, req) {
      const a = req.asset;
      if (!a || typeof a !== 'object') throw invalidArgument('asset', 'is required');
      const collectionId = requireId('asset.collectionId', a.collectionId);
      if (a.tokenId === undefined || a.tokenId === null || a.tokenId === '') {
        throw invalidArgument('asset.tokenId', 'is required: Strata keeps files for tokens, not for whole collections');
      }
      const tokenId = tokenIdOf('asset.tokenId', a.tokenId);
      // Ownership and existence of the token first: nothing is recorded for another project's token or a missing one.
      await collections.getToken(creds, { projectId: req.projectId, collectionId, tokenId });
      const metadataField = fieldOf(a.metadataField);
      const filename = a.filename === undefined || a.filename === null || a.filename === '' ? metadataField : filenameOf(a.filename);
      await fieldTaken({ collectionId, tokenId }, metadataField);
      const projectId = await collections.callerProject(creds, req.projectId);
      const now = new Date();
      // No file yet: the upload route fills storage key, hash, size, type and dimensions.
      const inserted = await repo.insert({
        projectId,
        collectionId,
        tokenId,
        metadataField,
        storageKey: '',
        filename,
        filesize: 0,
        mimeType: '',
        width: null,
        height: null,
        sha256: '',
        createdAt: now,
        updatedAt: now,
      });
      return toAsset(await repo.findOneByOrFail({ id: Number(inserted.identifiers[0].id) }));
    },

    async getRecord(creds, req) {
      return toAsset(await ownedRecord(creds, req));
    },

    async updateRecord(creds, req) {
      const a = req.asset;
      if (!a || typeof a !== 'object') throw invalidArgument('asset', 'is required');
      const row = await ownedRecord(creds, { projectId: req.projectId, assetId: req.assetId });
      // An asset belongs to one token: moving it means creating a record there.
      const collectionId = optionalId('asset.collectionId', a.collectionId);
      if (collectionId !== undefined && collectionId !== row.collectionId) throw invalidArgument('asset.collectionId', `does not match asset ${row.id}'s collection ${row.collectionId}`);
      if (a.tokenId !== undefined && a.tokenId !== null && a.tokenId !== '' && tokenIdOf('asset.tokenId', a.tokenId) !== row.tokenId) {
        throw invalidArgument('asset.tokenId', `does not match asset ${row.id}'s token ${row.tokenId}`);
      }
      const field = a.metadataField === undefined || a.metadataField === null ? row.metadataField : fieldOf(a.metadataField);
      const filename = a.filename === undefined || a.filename === null || a.filename === '' ? row.filename : filenameOf(a.filename);
      if (field === row.metadataField && filename === row.filename) return toAsset(row);
      if (field !== row.metadataField) await fieldTaken(row, field);
      const followed = await releaseDocument(creds, row);
      await repo.update({ id: row.id }, { metadataField: field, filename, updatedAt: new Date() });
      const updated = await repo.findOneByOrFail({ id: row.id });
      // The file name is part of the URL: the document follows the file to its new URL or field, as after an upload.
      if (followed && updated.sha256) await pointDocument(creds, updated, field, toAsset(updated).url);
      return toAsset(updated);
    },

    async deleteRecord(creds, req) {
      const row = await ownedRecord(creds, req);
      await releaseDocument(creds, row);
      await repo.delete({ id: row.id });
      if (row.storageKey) await storage.remove(row.storageKey);
      return true;
    },
  };
};
