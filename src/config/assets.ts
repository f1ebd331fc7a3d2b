// Where uploaded media of hosted collections live (local disk, or S3-compatible object storage) and how large one may be.
import path from 'node:path';
import { z } from 'zod';

export type AssetsConfig = Readonly<{
  /** Local storage: a directory (created 0700 when missing). */
  dir: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Object storage instead of `dir` (ASSET_STORAGE=s3). */
  s3: Readonly<{
    bucket: string;
    /** Key prefix inside the bucket ('' for none). */
    prefix: string;
    region: string;
    /** An S3-compatible server's URL (MinIO, R2, …); AWS's own endpoint when null. */
    endpoint: string | null;
    forcePathStyle: boolean;
    /** Static credentials; the SDK's default chain (environment, instance role, …) when null. */
    credentials: { accessKeyId: string; secretAccessKey: string } | null;
  }> | null;
}>;

const trimmed = z.string().trim().min(1).optional();

export const assetsEnvSchema = {
  ASSET_DIR: trimmed,
  ASSET_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1_048_576).default(20 * 1_048_576),
  ASSET_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: trimmed,
  S3_PREFIX: z.string().trim().default(''),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().trim().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_ACCESS_KEY_ID: trimmed,
  S3_SECRET_ACCESS_KEY: trimmed,
};

type AssetsEnv = z.infer<z.ZodObject<typeof assetsEnvSchema>>;

/** The settings, or the problems with them (added to the configuration's). */
export const assetsConfigOf = (e: AssetsEnv, dataDir: string, problems: string[]): AssetsConfig => {
  let s3: AssetsConfig['s3'] = null;
  if (e.ASSET_STORAGE === 's3') {
    if (!e.S3_BUCKET) problems.push('S3_BUCKET: required when ASSET_STORAGE is s3');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
    s3 = Object.freeze({
      bucket: e.S3_BUCKET ?? '',
      prefix: e.S3_PREFIX,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT ?? null,
      // S3-compatible servers usually want bucket/key paths; AWS itself prefers virtual-host names.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
    });
  }
  return Object.freeze({ dir: path.resolve(e.ASSET_DIR ?? path.join(dataDir, 'assets')), maxBytes: e.ASSET_MAX_BYTES, s3 });
};
