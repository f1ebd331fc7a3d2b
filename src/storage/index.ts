// Where uploaded files live: local disk (ASSET_DIR, the default) or S3-compatible object storage (ASSET_STORAGE=s3),
// which several replicas can share.
import type { AssetsConfig } from '../config';
import { createLocalStorage, type FileStorage } from './local';
import { createS3Storage } from './s3';

export type { ByteRange, FileStorage } from './local';
export { spoolStream, isSpooledFile, type SpooledFile } from './spooled';

export const createFileStorage = (c: AssetsConfig): FileStorage => (c.s3 ? createS3Storage(c.s3) : createLocalStorage(c.dir));
