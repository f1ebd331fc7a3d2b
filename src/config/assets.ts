// Where uploaded media of hosted collections live and how large one may be.
import path from 'node:path';
import { z } from 'zod';

export type AssetsConfig = Readonly<{
  /** Local storage: a directory (created 0700 when missing). */
  dir: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
}>;

export const assetsEnvSchema = {
  ASSET_DIR: z.string().trim().min(1).optional(),
  ASSET_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1_048_576).default(20 * 1_048_576),
};

export const assetsConfigOf = (e: { ASSET_DIR?: string; ASSET_MAX_BYTES: number }, dataDir: string): AssetsConfig =>
  Object.freeze({ dir: path.resolve(e.ASSET_DIR ?? path.join(dataDir, 'assets')), maxBytes: e.ASSET_MAX_BYTES });
