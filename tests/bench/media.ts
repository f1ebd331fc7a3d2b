// Benchmark: the media cache on N tokens, each naming its own image on a local HTTP server the bench starts (no
// internet). The images are one PNG made with sharp (noise, so it compresses like a photo) with the token's number in
// a tEXt chunk: every file is distinct bytes (stored and thumbnailed once each, no deduplication helps), and the
// server costs nothing per request. Each token goes the production way from its stored document: queued, claimed by the
// media worker, fetched through the safe fetcher and the per-host limiter, sniffed, decoded once by sharp, two WebP
// thumbnails, three objects written to local storage, rows recorded. Then the files are served back over HTTP.
// Run: npm run bench:media [-- --tokens 10000] [--size 768] [--concurrency 2] [--mysql mysql://root@127.0.0.1:3306/strata_mbench]
// The MySQL database named in the URL is dropped and re-created. stdout: one JSON line.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { MediaFileEntity, TokenMediaEntity } from '../../src/db';
import { emptyDocument } from '../../src/domain/token-metadata/types';
import { createApp } from '../../src/main/app';
import { numberOption, option } from './lib/args';
import { ensureMysqlDatabase } from './lib/erc20-100k';
import { loadAverage, nowMs, round, summarize } from './lib/stats';

/** The PNG with a tEXt chunk before IEND naming `i`: distinct bytes, identical pixels. */
const variantOf = (png: Buffer, i: number) => {
  const data = Buffer.from(`Comment\0token ${i}`, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), len, body, crc, png.subarray(iend)]);
};

const startHost = async (png: Buffer) => {
  let requests = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    const m = /^\/img\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404);
      return res.end();
    }
    const body = variantOf(png, Number(m[1]));
    requests++;
    bytes += body.length;
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    stats: () => ({ requests, bytes }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const dirBytes = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const p = path.join(dir, e.name);
    return sum + (e.isDirectory() ? dirBytes(p) : fs.statSync(p).size);
  }, 0);

const main = async () => {
  const tokens = numberOption('tokens', 10_000);
  const size = numberOption('size', 768);
  const concurrency = numberOption('concurrency', 2);
  const served = numberOption('served', 2_000);
  const mysqlUrl = option('mysql');
  if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
  // Gradients and waves with a little grain, a palette PNG as drawn NFT art often is (a few hundred KB at 768 px).
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 3;
      const grain = (x * 7 + y * 13) % 5;
      raw[o] = (x * 255) / size + grain;
      raw[o + 1] = 128 + 100 * Math.sin(x / 23) * Math.cos(y / 31);
      raw[o + 2] = (y * 255) / size;
    }
  }
  const png = await sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png({ palette: true }).toBuffer();
  const host = await startHost(png);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-media-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'warn',
    TOKEN_LISTS: 'none',
    METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`,
    MEDIA_CACHE: 'on',
    MEDIA_CONCURRENCY: String(concurrency),
    MEDIA_HOST_RATE: '10000',
    MEDIA_HOST_CONCURRENCY: String(Math.max(4, concurrency)),
    MEDIA_POLL_MS: '20',
    ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
  });
  const app = await createApp(config, createLogger(config), { serve: true, index: false });
  const { port } = await app.start();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => void (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    const baseRss = process.memoryUsage().rss;
    const contract = `0x${'ab'.repeat(20)}`;
    const started = nowMs();
    // Documents stored in batches, as refreshes store them: each queues its image.
    for (let i = 0; i < tokens; i++) {
      const doc = { ...emptyDocument(String(i)), name: `Token ${i}`, image: `http://127.0.0.1:${host.port}/img/${i}.png` };
      await app.services.media.noteDocument({ chainId: 1, contract, tokenId: String(i) }, doc);
    }
    const queuedSeconds = (nowMs() - started) / 1000;
    const rows = app.db.getRepository(TokenMediaEntity);
    let ready = 0;
    let failed = 0;
    for (;;) {
      ready = await rows.countBy({ status: 'READY' });
      failed = await rows.countBy({ status: 'FAILED' });
      if (ready + failed >= tokens) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (nowMs() - started) / 1000;
    const files = await app.db.getRepository(MediaFileEntity).find();
    const originals = files.reduce((s, f) => s + f.filesize, 0);
    const thumbs = files.reduce((s, f) => s + (JSON.parse(f.thumbnails ?? '[]') as Array<{ filesize: number }>).reduce((a, t) => a + t.filesize, 0), 0);

    // Served back: thumbnails and originals, one at a time and eight at once.
    const urls = files.slice(0, served).flatMap((f) => [`/media/${f.sha256}/128`, `/media/${f.sha256}/512`, `/media/${f.sha256}`]);
    const get = async (u: string) => {
      const t0 = nowMs();
      const res = await fetch(`http://127.0.0.1:${port}${u}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
      return nowMs() - t0;
    };
    const sequential = [];
    for (const u of urls.slice(0, 1_000)) sequential.push(await get(u));
    const parallel: number[] = [];
    const queue = [...urls];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let u = queue.shift(); u; u = queue.shift()) parallel.push(await get(u));
    }));
    const range0 = nowMs();
    const ranged = await fetch(`http://127.0.0.1:${port}/media/${files[0].sha256}`, { headers: { Range: 'bytes=0-65535' } });
    await ranged.arrayBuffer();
    const rangeMs = nowMs() - range0;

    process.stdout.write(
      `${JSON.stringify({
        dialect: mysqlUrl ? 'mariadb' : 'sqlite',
        tokens,
        image: { width: size, height: size, pngBytes: png.length },
        concurrency,
        ready,
        failed,
        seconds: round(seconds, 1),
        queueSeconds: round(queuedSeconds, 1),
        tokensPerSecond: round(tokens / seconds, 1),
        fetched: host.stats(),
        stored: { files: files.length, originalBytes: originals, thumbnailBytes: thumbs, thumbnailBytesPerToken: round(thumbs / files.length, 0), onDisk: dirBytes(path.join(dir, 'assets')) },
        peakRssMb: round(peakRss / 1_048_576, 0),
        rssAtStartMb: round(baseRss / 1_048_576, 0),
        servedMs: { sequential: summarize(sequential), eightAtOnce: summarize(parallel), range64k: { status: ranged.status, ms: round(rangeMs, 2) } },
        load: loadAverage(),
      })}\n`,
    );
  } finally {
    clearInterval(sampler);
    await app.stop();
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
