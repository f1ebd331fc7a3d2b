// One media field of one token (#43): the original URL its document names, how caching it went, and the file it became.
import { EntitySchema } from 'typeorm';
import { Address, AutoId, Timestamp } from '../columns';

/** QUEUED: waiting for `runAt`; RUNNING: a worker holds it until `leaseUntil`; READY: `sha256` is served; FAILED: `error` says why. */
export type TokenMediaStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';

/** The document field a media row is for; `collection_image` is a contract's own (its contractURI `image`; token id ''). */
export type TokenMediaField = 'image' | 'image_data' | 'animation_url' | 'collection_image';

export type TokenMediaRow = {
  id: number;
  chainId: number;
  contract: string;
  /** Canonical decimal; '' for a contract's own image. */
  tokenId: string;
  field: TokenMediaField;
  /** The URL as the document gives it (ipfs://, ar://, http(s)); `inline:<sha256>` for image_data and data: URIs. */
  source: string;
  /** SHA-256 of the full source text: rows naming the same source share one fetch. */
  sourceHash: string;
  status: TokenMediaStatus;
  error: string | null;
  /** Failed tries in a row. */
  attempts: number;
  /** When a QUEUED row is due, or a FAILED one is tried again (null: not again). */
  runAt: Date | null;
  leaseUntil: Date | null;
  /** The media file (media_files) once READY. */
  sha256: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const TokenMediaEntity = new EntitySchema<TokenMediaRow>({
  name: 'TokenMedia',
  tableName: 'token_media',
  columns: {
    id: AutoId(),
    chainId: { type: 'integer', name: 'chain_id' },
    contract: Address(),
    tokenId: { type: 'varchar', length: 78, name: 'token_id' },
    field: { type: 'varchar', length: 32 },
    source: { type: 'varchar', length: 2048 },
    sourceHash: { type: 'varchar', length: 64, name: 'source_hash' },
    status: { type: 'varchar', length: 16 },
    error: { type: 'varchar', length: 500, nullable: true },
    attempts: { type: 'integer', default: 0 },
    runAt: Timestamp({ nullable: true, name: 'run_at' }),
    leaseUntil: Timestamp({ nullable: true, name: 'lease_until' }),
    sha256: { type: 'varchar', length: 64, nullable: true },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
  indices: [
    { name: 'idx_token_media_token_field', columns: ['chainId', 'contract', 'tokenId', 'field'], unique: true },
    { name: 'idx_token_media_due', columns: ['status', 'runAt'] },
    { name: 'idx_token_media_source', columns: ['sourceHash'] },
    { name: 'idx_token_media_file', columns: ['sha256'] },
  ],
});
