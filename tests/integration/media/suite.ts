// The media cache end to end, on a real anvil, a local origin of media made here with sharp, and the real server: each
// file ends served by Strata or with a clear failed status. Run on local storage (media-cache.test.ts) and on a real
// S3-compatible server (media-cache-s3.test.ts), each on the dialect DATABASE_URL chooses.
import { execFile } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { SequenceMetadata } from '@0xsequence/metadata';
import { SequenceMetadata as SequenceMetadataV22 } from '@0xsequence/metadata-v2-2';
import { createMediaService } from '../../../src/domain/media/service';
import { createFileStorage } from '../../../src/storage';
import { createLogger } from '../../../src/config/logger';
import { ADMIN_TOKEN, CID, gql, startMetadataEnv, waitFor, type MetadataEnv } from '../metadata/fixtures';
import { startServer, type LocalServer } from '../web/local-server';
import { dataJson, animatedGif, HOSTILE_SVG, jpeg, mp4, png, pngBomb, webp } from '../../helpers/media-files';
import { PATIENCE_MS } from '../../helpers/patience';

type Files = Record<string, { type: string; bytes: Buffer }>;

/** The origin: /img/<name> the files, /ipfs/<cid>/<name> as a gateway, and the misbehaving hosts' routes. */
const startOrigin = async (files: Files): Promise<LocalServer & { hits(path: string): number }> => {
  const open = new Set<http.ServerResponse>();
  const s = await startServer((req, res) => {
    const url = req.url ?? '/';
    const name = /^\/(?:img|ipfs\/[A-Za-z0-9]+)\/([\w.-]+)$/.exec(url)?.[1];
    if (name && files[name]) {
      res.writeHead(200, { 'content-type': files[name].type, 'content-length': files[name].bytes.length });
      return res.end(files[name].bytes);
    }
    if (url === '/to-private.png') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' });
      return res.end();
    }
    if (url === '/huge.png') {
      // 2 GB announced; a few bytes sent, the rest never.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * 1024 ** 3) });
      res.write(Buffer.alloc(1024));
      open.add(res);
      return;
    }
    if (url === '/slow.png') {
      open.add(res);
      return;
    }
    if (url === '/limited.png') {
      res.writeHead(429, { 'retry-after': '3600' });
      return res.end('slow down');
    }
    res.writeHead(404);
    res.end();
  });
  const close = s.close;
  return Object.assign(s, {
    hits: (path: string) => s.requests.filter((r) => r.path === path).length,
    close: async () => {
      for (const r of open) r.destroy();
      await close();
    },
  });
};

const MEDIA_FIELDS = `field originalUrl status error attempts retryAt
  file { sha256 url mimeType filesize width height frames thumbnails { size url width height filesize mimeType } }`;
const QUERY = `query($c: String!, $a: String!, $ids: [BigInt!]!) { tokenMetadata(chainId: $c, contractAddress: $a, tokenIds: $ids) {
  tokenId status image animationUrl imageData media { ${MEDIA_FIELDS} } assets { id collectionId metadataField url mimeType width height filesize } } }`;

export const describeMediaCache = (storage: { name: string; env: () => Promise<Record<string, string>>; objects?: () => Promise<string[]>; stop?: () => Promise<void> }) => {
  let env: MetadataEnv;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let files: Files;
  let nft: Awaited<ReturnType<MetadataEnv['deploy']>>;
  let chainId: string;
  let storageEnv: Record<string, string> = {};
  const byToken: Record<string, any> = {};

  /** Strata's URL (PUBLIC_URL) on the test server's port. */
  const local = (url: string) => url.replace('http://strata.test', env.server.url);
  const mediaOf = (tokenId: string, field: string) => byToken[tokenId].media.find((m: { field: string }) => m.field === field);

  beforeAll(async () => {
    files = {
      'a.png': { type: 'image/png', bytes: await png(800, 600) },
      // Served as PNG: the type is read from the bytes, not from this header or the name.
      'b.jpg': { type: 'image/png', bytes: await jpeg(640, 480) },
      'anim.gif': { type: 'image/gif', bytes: await animatedGif() },
      'c.webp': { type: 'image/webp', bytes: await webp(300, 900) },
      'hostile.svg': { type: 'image/svg+xml', bytes: Buffer.from(HOSTILE_SVG) },
      'clip.mp4': { type: 'video/mp4', bytes: mp4(256 * 1024) },
      'bomb.png': { type: 'image/png', bytes: pngBomb() },
      'ipfs.png': { type: 'image/png', bytes: await png(256, 256, 77) },
    };
    origin = await startOrigin(files);
    const o = origin.origin;
    env = await startMetadataEnv({
      ...(storageEnv = await storage.env()),
      METADATA_ALLOW_HOSTS: `127.0.0.1:${origin.port}`,
      IPFS_GATEWAY: `${o}/ipfs/`,
      MEDIA_CACHE: 'on',
      MEDIA_POLL_MS: '50',
      // Long enough for a loaded machine (the first SVG loads jsdom, which holds the event loop a moment); the slow host
      // never answers, so its fetch ends at this bound.
      MEDIA_TIMEOUT_MS: '5000',
      MEDIA_MAX_BYTES: String(8 * 1024 * 1024),
    });
    chainId = String(env.anvil.chainId);
    const docs: Record<number, Record<string, string>> = {
      1: { image: `${o}/img/a.png`, animation_url: `${o}/img/clip.mp4` },
      // The same image as token 1: fetched once for both.
      2: { image: `${o}/img/a.png`, animation_url: `${o}/img/anim.gif` },
      3: { image: `${o}/img/b.jpg` },
      4: { image: `${o}/img/c.webp` },
      5: { image: `${o}/img/hostile.svg`, image_data: HOSTILE_SVG },
      6: { image: `ipfs://${CID}/ipfs.png` },
      7: { image: `${o}/to-private.png` },
      8: { image: `${o}/huge.png` },
      9: { image: `${o}/img/bomb.png` },
      10: { image: `${o}/slow.png` },
      11: { image: `${o}/limited.png` },
      // An inline PNG: decoded from the document, nothing fetched.
      12: { image: `data:image/png;base64,${(await png(40, 20, 5)).toString('base64')}` },
    };
    nft = await env.deploy('TestERC721.sol', ['Media Test', 'MED']);
    // The collection's own image is token 6's file through the gateway: the same source, fetched once for both.
    await (await nft.setContractURI(dataJson({ name: 'Media Test', image: `ipfs://${CID}/ipfs.png` }))).wait();
    for (const [id, doc] of Object.entries(docs)) {
      await (await nft.mint('0x00000000000000000000000000000000000000a1', id)).wait();
      await (await nft.setTokenURI(id, dataJson({ name: `Token ${id}`, ...doc }))).wait();
    }
    const ids = Object.keys(docs);
    const settled = await waitFor(
      async () => (await gql(env, QUERY, { c: chainId, a: nft.address, ids })).tokenMetadata as any[],
      (list) => list.every((t) => t.status === 'AVAILABLE' && t.media.length > 0 && t.media.every((m: { status: string }) => m.status === 'READY' || m.status === 'FAILED')),
      PATIENCE_MS / 4,
    );
    for (const t of settled) byToken[t.tokenId] = t;
  });
  afterAll(async () => {
    await env?.stop();
    await origin?.close();
    await storage.stop?.();
  });

  it(`${storage.name}: PNG, JPEG, animated GIF, WebP each stored once with thumbnails whose type and size decode as stated`, async () => {
    const expectations: Array<[string, string, string, number, number, number]> = [
      ['1', 'image', 'image/png', 800, 600, 1],
      ['3', 'image', 'image/jpeg', 640, 480, 1],
      ['2', 'animation_url', 'image/gif', 64, 48, 3],
      ['4', 'image', 'image/webp', 300, 900, 1],
      ['6', 'image', 'image/png', 256, 256, 1],
      ['12', 'image', 'image/png', 40, 20, 1],
    ];
    for (const [tokenId, field, mimeType, width, height, frames] of expectations) {
      const m = mediaOf(tokenId, field);
      expect(m).toMatchObject({ status: 'READY', error: null, file: { mimeType, width, height, frames } });
      const original = await fetch(local(m.file.url));
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe(mimeType);
      const body = Buffer.from(await original.arrayBuffer());
      expect(body.length).toBe(m.file.filesize);
      expect(m.file.thumbnails.map((t: { size: number }) => t.size)).toEqual([128, 512]);
      for (const t of m.file.thumbnails) {
        const res = await fetch(local(t.url));
        expect(res.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height, pages: meta.pages ?? 1 }).toEqual({ format: 'webp', width: t.width, height: t.height, pages: 1 });
        expect(Math.max(t.width, t.height)).toBe(Math.min(t.size, Math.max(width, height)));
      }
    }
    // Token 2's image is token 1's: one fetch, one file.
    expect(mediaOf('2', 'image').file.sha256).toBe(mediaOf('1', 'image').file.sha256);
    expect(origin.hits('/img/a.png')).toBe(1);
    // ipfs:// went through the configured gateway.
    expect(origin.hits(`/ipfs/${CID}/ipfs.png`)).toBe(1);
    expect(mediaOf('6', 'image').originalUrl).toBe(`ipfs://${CID}/ipfs.png`);
  });

  it(`${storage.name}: served with immutable caching, nosniff and a sandboxed policy; 304 on its ETag`, async () => {
    const m = mediaOf('1', 'image');
    const res = await fetch(local(m.file.url));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none';/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const again = await fetch(local(m.file.url), { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${env.server.url}/media/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${env.server.url}/media/${m.file.sha256}/64`)).status).toBe(404);
    const bad = await fetch(`${env.server.url}/media/../../etc/passwd`);
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: expect.stringContaining('not found') });
  });

  it(`${storage.name}: MP4 answers byte ranges (206, Content-Range) and its whole length`, async () => {
    const m = mediaOf('1', 'animation_url');
    expect(m).toMatchObject({ status: 'READY', file: { mimeType: 'video/mp4', width: null, height: null, thumbnails: [] } });
    const bytes = files['clip.mp4'].bytes;
    const part = await fetch(local(m.file.url), { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(local(m.file.url), { headers: { Range: 'bytes=-100' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const past = await fetch(local(m.file.url), { headers: { Range: `bytes=${bytes.length + 10}-` } });
    expect(past.status).toBe(416);
    const whole = await fetch(local(m.file.url));
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it(`${storage.name}: SVG (fetched and inline image_data) stored sanitised: no script, handler, foreignObject or external reference`, async () => {
    for (const field of ['image', 'image_data']) {
      const m = mediaOf('5', field);
      if (m.status !== 'READY') throw new Error(`${field}: ${JSON.stringify(m)}`);
      expect(m).toMatchObject({ status: 'READY', file: { mimeType: 'image/svg+xml', width: 200, height: 100 } });
      const res = await fetch(local(m.file.url));
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const text = await res.text();
      for (const bad of ['<script', 'onload', 'onclick', 'foreignObject', 'evil.example', 'javascript:']) expect(text).not.toContain(bad);
      expect(text).toContain('<rect');
    }
    // Both name the same content: one file.
    expect(mediaOf('5', 'image_data').file.sha256).toBe(mediaOf('5', 'image').file.sha256);
    expect(mediaOf('5', 'image_data').originalUrl).toMatch(/^inline:[0-9a-f]{64}$/);
  });

  it(`${storage.name}: a redirect to a private address, a 2 GB Content-Length and a decompression bomb fail for good, with why`, async () => {
    expect(mediaOf('7', 'image')).toMatchObject({ status: 'FAILED', retryAt: null, file: null, error: expect.stringMatching(/169\.254\.169\.254.*not public/) });
    expect(mediaOf('8', 'image')).toMatchObject({ status: 'FAILED', retryAt: null, file: null, error: expect.stringContaining('is larger than 8388608 bytes') });
    expect(mediaOf('9', 'image')).toMatchObject({ status: 'FAILED', retryAt: null, file: null, error: expect.stringContaining('a side longer than 16384 px is refused') });
    // Nothing of them was stored.
    if (storage.objects) {
      const keys = (await storage.objects()).filter((k) => k.includes('media/'));
      // Originals and two thumbnails of each image, the MP4 and the SVG: every key is one of a READY file.
      expect(keys.length).toBeGreaterThanOrEqual(12);
      const stored = new Set(Object.values(byToken).flatMap((t) => t.media.flatMap((m: any) => (m.file ? [m.file.sha256] : []))));
      expect(keys.every((k) => [...stored].some((sha) => k.includes(sha)))).toBe(true);
    }
  });

  it(`${storage.name}: a host that times out or rate limits fails with a retry scheduled`, async () => {
    const slow = mediaOf('10', 'image');
    expect(slow).toMatchObject({ status: 'FAILED', attempts: 1, file: null, error: expect.stringContaining('took longer than 5000 ms') });
    expect(new Date(slow.retryAt).getTime()).toBeGreaterThan(Date.now());
    const limited = mediaOf('11', 'image');
    expect(limited).toMatchObject({ status: 'FAILED', attempts: 1, file: null, error: expect.stringContaining('HTTP 429') });
    expect(new Date(limited.retryAt).getTime()).toBeGreaterThan(Date.now());
  });

  it(`${storage.name}: GraphQL keeps the original URL beside the cached one; assets carry the cached media`, async () => {
    const t = byToken['1'];
    expect(t.image).toBe(`${origin.origin}/img/a.png`);
    expect(t.assets).toEqual([
      { id: 0, collectionId: 0, metadataField: 'image', url: mediaOf('1', 'image').file.url, mimeType: 'image/png', width: 800, height: 600, filesize: files['a.png'].bytes.length },
      { id: 0, collectionId: 0, metadataField: 'animation_url', url: mediaOf('1', 'animation_url').file.url, mimeType: 'video/mp4', width: null, height: null, filesize: files['clip.mp4'].bytes.length },
    ]);
    expect(byToken['7'].assets).toEqual([]);
  });

  it(`${storage.name}: the published Metadata clients (2.3 and 2.2), unchanged, read the cached media in assets`, async () => {
    for (const client of [new SequenceMetadata(env.server.url, env.accessKey), new SequenceMetadataV22(env.server.url, env.accessKey)]) {
      const { tokenMetadata } = await client.getTokenMetadata({ chainID: chainId, contractAddress: nft.address, tokenIDs: ['1', '9'] });
      const one = tokenMetadata.find((t) => t.tokenId === '1')!;
      expect(one.image).toBe(`${origin.origin}/img/a.png`);
      expect(one.assets).toEqual([
        expect.objectContaining({ metadataField: 'image', url: mediaOf('1', 'image').file.url, mimeType: 'image/png', width: 800, height: 600, filesize: files['a.png'].bytes.length }),
        expect.objectContaining({ metadataField: 'animation_url', mimeType: 'video/mp4', filesize: files['clip.mp4'].bytes.length }),
      ]);
      expect(tokenMetadata.find((t) => t.tokenId === '9')!.assets ?? []).toEqual([]);
    }
  });

  it(`${storage.name}: the collection's own image (contractURI image) is cached beside its tokens'`, async () => {
    const q = `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { extensions { ogImage } media { ${MEDIA_FIELDS} } } }`;
    const info = await waitFor(
      async () => (await gql(env, q, { c: chainId, a: nft.address })).contractInfo,
      (c) => c.media.length === 1 && c.media[0].status === 'READY',
      PATIENCE_MS / 4,
    );
    expect(info.extensions.ogImage).toBe(`ipfs://${CID}/ipfs.png`);
    expect(info.media[0]).toMatchObject({ field: 'collection_image', originalUrl: `ipfs://${CID}/ipfs.png`, file: { sha256: mediaOf('6', 'image').file.sha256, width: 256 } });
    expect(origin.hits(`/ipfs/${CID}/ipfs.png`)).toBe(1);
    const summary = `query($c: String!, $a: String!) { contractMedia(chainId: $c, contractAddress: $a) { queued running ready failed failures { tokenId media { field error } } } }`;
    const { contractMedia } = await gql(env, summary, { c: chainId, a: nft.address });
    expect(contractMedia).toMatchObject({ queued: 0, running: 0, failed: 5 });
    expect(contractMedia.failures.map((f: { tokenId: string }) => f.tokenId).sort()).toEqual(['10', '11', '7', '8', '9']);
  });

  it(`${storage.name}: MEDIA_CONTRACTS limits the cache to the chosen contracts`, async () => {
    const app = env.server.app;
    const only = createMediaService({
      config: { ...app.config, media: { ...app.config.media, contracts: [`${chainId}:0x${'1'.repeat(40)}`] } },
      db: app.db,
      storage: createFileStorage(app.config.assets),
      chains: app.services.chains,
      auth: app.services.auth,
      logger: createLogger({ logLevel: 'silent' }),
    });
    const [meta] = await app.services.tokenMetadata.getMany([{ chainId: Number(chainId), contract: nft.address, tokenId: '3' }]);
    expect((await only.ofTokens([meta])).size).toBe(0);
    expect((await app.services.media.ofTokens([meta])).get(`${chainId}:${nft.address}:3`)).toHaveLength(1);
  });

  it(`${storage.name}: an operator purges a token's media; files another token shows stay`, async () => {
    const purge = `mutation($c: String!, $a: String!, $t: BigInt!) { purgeTokenMedia(chainId: $c, contractAddress: $a, tokenId: $t) }`;
    const refused = await env.server.graphql(purge, { c: chainId, a: nft.address, t: '4' }, env.key());
    expect(refused.body.errors[0].extensions).toMatchObject({ code: expect.any(String) });
    const webpUrl = local(mediaOf('4', 'image').file.url);
    const thumbUrl = local(mediaOf('4', 'image').file.thumbnails[0].url);
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    expect(await gql(env, purge, { c: chainId, a: nft.address, t: '4' }, admin)).toEqual({ purgeTokenMedia: 1 });
    expect((await fetch(webpUrl)).status).toBe(404);
    expect((await fetch(thumbUrl)).status).toBe(404);
    if (storage.objects) expect((await storage.objects()).some((k) => k.includes(mediaOf('4', 'image').file.sha256))).toBe(false);
    // Token 2 still shows the PNG token 1 shares: purging token 1 deletes only its own video.
    expect(await gql(env, purge, { c: chainId, a: nft.address, t: '1' }, admin)).toEqual({ purgeTokenMedia: 1 });
    expect((await fetch(local(mediaOf('2', 'image').file.url))).status).toBe(200);
    expect((await fetch(local(mediaOf('1', 'animation_url').file.url))).status).toBe(404);
    const bad = await env.server.graphql(purge, { c: chainId, a: 'nope', t: '1' }, admin);
    expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_ARGUMENT' } });
  });

  it(`${storage.name}: strata media purge does the same from the command line`, async () => {
    const { config } = env.server.app;
    const dbEnv = config.database.kind === 'mysql' ? { DATABASE_URL: config.database.url, JWT_SECRET: config.jwtSecret } : { DATA_DIR: config.dataDir };
    const cliEnv = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...dbEnv, ...storageEnv, CHAINS: `${chainId}:anvil=${env.anvil.rpcUrl}`, TOKEN_LISTS: 'none' };
    const sha = mediaOf('3', 'image').file.sha256;
    const bin = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'media', 'purge', '--chain', chainId, '--contract-address', nft.address, '--token', '3'], { env: cliEnv });
    expect(JSON.parse(stdout)).toEqual({ filesDeleted: 1 });
    expect((await fetch(`${env.server.url}/media/${sha}`)).status).toBe(404);
  });
};
