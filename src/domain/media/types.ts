// Plain shapes of the media cache (#43), as GraphQL, the RPC and the console see them.
import type { TokenMediaField, TokenMediaStatus } from '../../db';

/** The fixed thumbnail sizes, longest side in pixels, WebP (an animation's first frame). */
export const THUMBNAIL_SIZES = [128, 512] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** A thumbnail as stored with its file (media_files.thumbnails). */
export type StoredThumbnail = { size: ThumbnailSize; width: number; height: number; filesize: number; storageKey: string };

export type MediaThumbnail = { size: number; url: string; width: number; height: number; filesize: number; mimeType: string };

/** A stored, served file. */
export type MediaFile = {
  sha256: string;
  url: string;
  mimeType: string;
  filesize: number;
  width: number | null;
  height: number | null;
  frames: number;
  thumbnails: MediaThumbnail[];
};

/** One media field of one token: the original URL and how caching it went. */
export type TokenMedia = {
  field: TokenMediaField;
  /** The URL the document gives (ipfs://, ar://, http(s)); `inline:<sha256>` for inline SVG and data: URIs. */
  originalUrl: string;
  status: TokenMediaStatus;
  /** Why the last try failed (FAILED; also while a retry is QUEUED). */
  error: string | null;
  attempts: number;
  /** When a FAILED file is tried again; null when it is not. */
  retryAt: Date | null;
  /** The cached file, once READY. */
  file: MediaFile | null;
  updatedAt: Date;
};

/** A contract's media by status, and its latest failures (each with its token). */
export type ContractMedia = {
  queued: number;
  running: number;
  ready: number;
  failed: number;
  failures: Array<TokenMedia & { tokenId: string }>;
};

/** What the pipeline made of fetched bytes: the bytes to store (an SVG sanitised), what they are, their thumbnails. */
export type ProcessedMedia = {
  bytes: Buffer;
  mimeType: string;
  width: number | null;
  height: number | null;
  frames: number;
  thumbnails: Array<{ size: ThumbnailSize; width: number; height: number; bytes: Buffer }>;
};

/** Refused by the pipeline for good (not retried): a hostile or unsupported file, a decompression bomb, a refused URL. */
export class MediaRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaRejectedError';
  }
}
