// Uploaded media in S3-compatible object storage: a real S3 server process (s3rver) started for this file; two Strata
// servers on the same database and bucket serve each other's uploads, ranges included, and deletion removes the object.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const BUCKET = 'strata-assets';
let s3dir: string;
let s3: ChildProcess;
let s3Url: string;
let db: TestDatabase;
let a: TestServer;
let b: TestServer;

/** s3rver in its own process (as a deployment's object store would be), answering on 127.0.0.1. */
const startS3 = async () => {
  const port = await freePort();
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(s3dir)}, configureBuckets: [{ name: '${BUCKET}' }] })
      .run().then(() => process.send('ready'));`;
  s3 = spawn(process.execPath, ['-e', script], { cwd: path.join(__dirname, '..', '..', '..'), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    s3.once('message', () => resolve());
    s3.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  s3Url = `http://127.0.0.1:${port}`;
};

const objects = async (): Promise<string[]> => {
  const res = await fetch(`${s3Url}/${BUCKET}?list-type=2`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
};

beforeAll(async () => {
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-s3-'));
  await startS3();
  db = await createTestDatabase();
  const env = {
    ...db.env,
    ASSET_STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_PREFIX: 'media/',
    S3_ENDPOINT: s3Url,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    PUBLIC_URL: 'http://strata.test',
  };
  // Two replicas of one deployment: same database, same bucket.
  a = await startTestServer(env, { index: false });
  b = await startTestServer(env, { index: false });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await db?.drop();
  s3?.kill();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

it('stores uploads in the bucket, serves them from any replica, and deletes them with their token', async () => {
  const owner = await a.createProject('s3');
  const auth = bearer(owner.bearerToken);
  const c = (await a.graphql(`mutation { createCollection(input: { name: "Stored" }) { id } }`, {}, auth)).body.data.createCollection.id;
  await a.graphql(`mutation($c: Int!) { createCollectionToken(collectionId: $c, token: { tokenId: "1", name: "One" }) { tokenId } }`, { c }, auth);
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const put = await fetch(`${a.url}/projects/${owner.projectId}/collections/${c}/tokens/1/assets/image?filename=one.gif`, {
    method: 'PUT',
    headers: auth,
    body: new Uint8Array(gif),
  });
  expect(put.status).toBe(201);
  const asset = await put.json();
  expect(await objects()).toEqual([expect.stringMatching(new RegExp(`^media/assets/${c}/1/image/[0-9a-f]{64}-one\\.gif$`))]);

  const fromB = await fetch(asset.url.replace('http://strata.test', b.url));
  expect(fromB.status).toBe(200);
  expect(Buffer.from(await fromB.arrayBuffer())).toEqual(gif);
  const part = await fetch(asset.url.replace('http://strata.test', b.url), { headers: { Range: 'bytes=0-5' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('GIF89a');

  await b.graphql(`mutation($c: Int!) { deleteCollectionToken(collectionId: $c, tokenId: "1") }`, { c }, auth);
  expect(await objects()).toEqual([]);
  expect((await fetch(asset.url.replace('http://strata.test', a.url))).status).toBe(404);
});
