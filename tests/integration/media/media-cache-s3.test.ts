// The media cache on a real S3-compatible server (s3rver in its own process, as in collections/assets-s3.test.ts):
// files and thumbnails are objects under S3_PREFIX, hostile files never become one, a purge deletes them; see suite.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/anvil';
import { describeMediaCache } from './suite';

const BUCKET = 'strata-media';
let s3: ChildProcess | undefined;
let s3Url = '';
let dir = '';

const startS3 = async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-s3-media-'));
  const port = await freePort();
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(dir)}, configureBuckets: [{ name: '${BUCKET}' }] })
      .run().then(() => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', script], { cwd: path.join(__dirname, '..', '..', '..'), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  s3 = child;
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  s3Url = `http://127.0.0.1:${port}`;
};

describeMediaCache({
  name: 's3',
  env: async () => {
    await startS3();
    return { ASSET_STORAGE: 's3', S3_BUCKET: BUCKET, S3_PREFIX: 'strata/', S3_ENDPOINT: s3Url, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  },
  objects: async () => {
    const res = await fetch(`${s3Url}/${BUCKET}?list-type=2`);
    return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
  },
  stop: async () => {
    s3?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  },
});
