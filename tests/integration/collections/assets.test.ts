// Uploaded media of hosted collection tokens over plain HTTP: the type from the bytes, dimensions, the token document
// pointing at the file, serving with ETag, immutable caching, ranges and a sandbox, and refusals that leave nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const MAX = 4096;
let server: TestServer;
let assetDir: string;
let owner: { projectId: number; bearerToken: string };
let other: { projectId: number; bearerToken: string };
let collectionId: number;

/** A GIF of 5 × 7 pixels: the 1 × 1 GIF with its logical screen size rewritten. */
const gif = () => {
  const bytes = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  bytes.writeUInt16LE(5, 6);
  bytes.writeUInt16LE(7, 8);
  return bytes;
};
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><script>alert(1)</script><rect width="30" height="20"/></svg>');

const gql = async (query: string, variables: Record<string, unknown>, token = owner.bearerToken) => {
  const r = await server.graphql(query, variables, bearer(token));
  expect(r.body.errors).toBeUndefined();
  return r.body.data;
};
const addToken = (tokenId: string, extra: Record<string, unknown> = {}) =>
  gql(`mutation($c: Int!, $t: TokenMetadataInput!, $p: Boolean) { createCollectionToken(collectionId: $c, token: $t, private: $p) { tokenId } }`, {
    c: collectionId,
    t: { tokenId, name: `Token ${tokenId}` },
    ...extra,
  });
const upload = (tokenId: string, field: string, bytes: Buffer, filename: string, token: string | null = owner.bearerToken, project = owner.projectId) =>
  fetch(`${server.url}/projects/${project}/collections/${collectionId}/tokens/${tokenId}/assets/${field}?filename=${encodeURIComponent(filename)}`, {
    method: 'PUT',
    headers: token ? bearer(token) : {},
    body: new Uint8Array(bytes),
  });
const stored = () => (fs.existsSync(assetDir) ? fs.readdirSync(assetDir, { recursive: true }).filter((f) => fs.statSync(path.join(assetDir, String(f))).isFile()) : []);
const rows = async () => Number((await server.app.db.query('SELECT COUNT(*) AS n FROM assets'))[0].n);

beforeAll(async () => {
  assetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-assets-'));
  server = await startTestServer({ ASSET_DIR: assetDir, ASSET_MAX_BYTES: String(MAX), PUBLIC_URL: 'http://strata.test' }, { index: false });
  owner = await server.createProject('owner');
  other = await server.createProject('other');
  collectionId = (await gql(`mutation { createCollection(input: { name: "Media" }) { id } }`, {})).createCollection.id;
  await addToken('1');
  await addToken('2');
  await addToken('3', { p: true });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(assetDir, { recursive: true, force: true });
});

it('stores an image, reads its type and size from the bytes, and points the token document at it', async () => {
  const r = await upload('1', 'image', gif(), 'Cat Photo.png');
  expect(r.status).toBe(201);
  const asset = await r.json();
  expect(asset).toMatchObject({ collectionId, tokenId: '1', metadataField: 'image', filename: 'Cat Photo.png', filesize: gif().length, mimeType: 'image/gif', width: 5, height: 7 });
  expect(asset.url).toMatch(new RegExp(`^http://strata\\.test/projects/${owner.projectId}/collections/${collectionId}/tokens/1/assets/${asset.id}-[0-9a-f]{12}/cat-photo\\.png$`));
  const doc = await (await fetch(`${server.url}/projects/${owner.projectId}/collections/${collectionId}/tokens/1`)).json();
  expect(doc.image).toBe(asset.url);

  const local = asset.url.replace('http://strata.test', server.url);
  const res = await fetch(local);
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer())).toEqual(gif());
  expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'accept-ranges'].map((h) => [h, res.headers.get(h)]))).toEqual({
    'content-type': 'image/gif',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
  });
  expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  const etag = res.headers.get('etag')!;
  expect((await fetch(local, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  const part = await fetch(local, { headers: { Range: 'bytes=2-5' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 2-5/${gif().length}`);
  expect(Buffer.from(await part.arrayBuffer())).toEqual(gif().subarray(2, 6));
  expect((await fetch(local, { headers: { Range: 'bytes=9999-' } })).status).toBe(416);
});

it('serves an SVG in a sandbox, replaces a field’s file on a new upload, and lists any other field', async () => {
  const first = await (await upload('2', 'image', SVG, 'logo.svg')).json();
  expect(first).toMatchObject({ mimeType: 'image/svg+xml', width: 30, height: 20 });
  const res = await fetch(first.url.replace('http://strata.test', server.url));
  expect(res.headers.get('content-type')).toBe('image/svg+xml');
  expect(res.headers.get('content-security-policy')).toContain('sandbox');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  const before = stored().length;
  const second = await (await upload('2', 'image', gif(), 'logo.gif')).json();
  expect(second.id).toBe(first.id);
  expect(second.url).not.toBe(first.url);
  expect(stored()).toHaveLength(before); // the replaced file is gone
  expect((await fetch(first.url.replace('http://strata.test', server.url))).status).toBe(404);
  const extra = await upload('2', 'thumbnail', gif(), 'thumb.gif');
  expect(extra.status).toBe(201);
});

it('refuses wrong types, oversized files, path tricks, other projects, unknown and private tokens, leaving nothing behind', async () => {
  const files = stored().length;
  const count = await rows();
  const refused = async (r: Response, status: number, body: Record<string, unknown>) => {
    expect(r.status).toBe(status);
    expect(await r.json()).toMatchObject(body);
  };
  await refused(await upload('1', 'image', Buffer.from('just text, not an image'), 'a.png'), 400, { error: 'INVALID_ARGUMENT', field: 'file' });
  await refused(await upload('1', 'image', Buffer.concat([gif(), Buffer.alloc(MAX)]), 'big.gif'), 413, { error: 'FILE_TOO_LARGE' });
  for (const name of ['../escape.gif', 'dir/x.gif', '..', '.hidden.gif', 'a\\b.gif', 'nul\u0000.gif', '']) {
    await refused(await upload('1', 'image', gif(), name), 400, { error: 'INVALID_ARGUMENT', field: 'filename' });
  }
  await refused(await upload('1', 'Bad-Field', gif(), 'x.gif'), 400, { error: 'INVALID_ARGUMENT', field: 'metadataField' });
  await refused(await upload('1', 'image', gif(), 'x.gif', other.bearerToken), 403, { error: 'PERMISSION_DENIED' });
  await refused(await upload('1', 'image', gif(), 'x.gif', null), 401, { error: 'UNAUTHORIZED' });
  await refused(await upload('99', 'image', gif(), 'x.gif'), 404, { error: 'NOT_FOUND' });
  expect(stored()).toHaveLength(files);
  expect(await rows()).toBe(count);
  // A private token's file is as hidden as its document.
  const hidden = await (await upload('3', 'image', gif(), 'secret.gif')).json();
  expect((await fetch(hidden.url.replace('http://strata.test', server.url))).status).toBe(404);
});

it('uploads through GraphQL (multipart request) and lists a token’s files in `assets`', async () => {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($c: Int!, $f: File!) { uploadCollectionAsset(collectionId: $c, tokenId: "2", metadataField: "video", file: $f) { id url mimeType filename metadataField } }`,
      variables: { c: collectionId, f: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.f'] }));
  form.append('0', new Blob([new Uint8Array(gif())]), 'clip.gif');
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: bearer(owner.bearerToken), body: form });
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  expect(body.data.uploadCollectionAsset).toMatchObject({ mimeType: 'image/gif', filename: 'clip.gif', metadataField: 'video' });
  const token = await gql(`query($c: Int!) { collectionToken(collectionId: $c, tokenId: "2") { video assets { metadataField url width height } } }`, { c: collectionId });
  expect(token.collectionToken.video).toBe(body.data.uploadCollectionAsset.url);
  expect(token.collectionToken.assets.map((a: { metadataField: string }) => a.metadataField).sort()).toEqual(['image', 'thumbnail', 'video']);
  const wrongType = new FormData();
  wrongType.append('operations', form.get('operations') as string);
  wrongType.append('map', JSON.stringify({ 0: ['variables.f'] }));
  wrongType.append('0', new Blob(['plain text']), 'notes.txt');
  const refused = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: bearer(owner.bearerToken), body: wrongType })).json();
  expect(refused).toMatchObject({ data: { uploadCollectionAsset: null }, errors: [{ extensions: { code: 'INVALID_ARGUMENT', field: 'file' } }] });
});

it('deletes a token’s files with the token, and every file with the collection', async () => {
  const one = await (await upload('1', 'animation_url', gif(), 'anim.gif')).json();
  await gql(`mutation($c: Int!) { deleteCollectionToken(collectionId: $c, tokenId: "1") }`, { c: collectionId });
  expect((await fetch(one.url.replace('http://strata.test', server.url))).status).toBe(404);
  expect(Number((await server.app.db.query(`SELECT COUNT(*) AS n FROM assets WHERE token_id = '1'`))[0].n)).toBe(0);
  await gql(`mutation($c: Int!) { deleteCollection(collectionId: $c) }`, { c: collectionId });
  expect(await rows()).toBe(0);
  expect(stored()).toEqual([]);
});
