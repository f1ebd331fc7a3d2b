// Uploaded files in S3-compatible object storage (AWS SDK v3), so that several replicas serve the same files.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FileStorage } from './local';

export type S3Settings = {
  bucket: string;
  /** Key prefix inside the bucket ('' for none). */
  prefix: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, …); AWS's own endpoint when absent. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Static credentials; the SDK's default chain (environment, instance role, …) when absent. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

export const createS3Storage = (s: S3Settings): FileStorage => {
  const client = new S3Client({
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.credentials ? { credentials: s.credentials } : {}),
  });
  const keyOf = (key: string) => `${s.prefix}${key}`;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.length }));
    },
    async open(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: s.bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: keyOf(key) }));
    },
  };
};
