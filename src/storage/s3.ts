// Uploaded files in S3-compatible object storage (AWS SDK v3), so that several replicas serve the same files.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { AssetsConfig } from '../config';
import fs from 'node:fs';
import type { FileStorage } from './local';
import { isSpooledFile } from './spooled';

/** The S3 settings of the configuration (config/assets.ts). */
export type S3Settings = NonNullable<AssetsConfig['s3']>;

export const createS3Storage = (s: S3Settings): FileStorage => {
  const client = new S3Client({
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    // Checksums only where an operation requires one: with the default, a streamed body (a spooled upload) is sent
    // aws-chunked with a trailing checksum, which S3-compatible stores other than AWS (s3rver, older MinIO) store as is.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.credentials ? { credentials: s.credentials } : {}),
  });
  const keyOf = (key: string) => `${s.prefix}${key}`;
  return {
    async put(key, bytes) {
      // A spooled upload is streamed from its temporary file, with its length known: never held whole in memory.
      const body = isSpooledFile(bytes) ? { Body: fs.createReadStream(bytes.path), ContentLength: bytes.size } : { Body: bytes, ContentLength: bytes.length };
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: keyOf(key), ...body }));
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
