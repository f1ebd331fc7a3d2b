// A cached media file (#43), content-addressed: one row per distinct stored content, whatever number of tokens show it.
import { EntitySchema } from 'typeorm';
import { JsonText, Timestamp } from '../columns';

export type MediaFileRow = {
  /** SHA-256 of the stored bytes, hex (for an SVG, of the sanitised document). The served URL names it. */
  sha256: string;
  /** The type read from the bytes. */
  mimeType: string;
  filesize: number;
  width: number | null;
  height: number | null;
  /** Frames of an animation (GIF, WebP); 1 otherwise. */
  frames: number;
  storageKey: string;
  /** JSON of MediaThumbnail[] (domain/media/types.ts). */
  thumbnails: string | null;
  createdAt: Date;
};

export const MediaFileEntity = new EntitySchema<MediaFileRow>({
  name: 'MediaFile',
  tableName: 'media_files',
  columns: {
    sha256: { type: 'varchar', length: 64, primary: true },
    mimeType: { type: 'varchar', length: 100, name: 'mime_type' },
    filesize: { type: 'integer' },
    width: { type: 'integer', nullable: true },
    height: { type: 'integer', nullable: true },
    frames: { type: 'integer', default: 1 },
    storageKey: { type: 'varchar', length: 300, name: 'storage_key' },
    thumbnails: JsonText(),
    createdAt: Timestamp({ name: 'created_at' }),
  },
});
