// The media worker's pipeline on files made here with sharp: types read from bytes, thumbnails decoded and measured,
// SVG sanitised, and every hostile or oversized file refused with a clear reason (MediaRejectedError), never a crash.
import sharp from 'sharp';
import { MediaRejectedError } from '../../../src/domain/media/types';
import { createMediaPipeline } from '../../../src/workers/media-pipeline';
import { sanitizeSvg } from '../../../src/workers/media-svg';
import { animatedGif, HOSTILE_SVG, jpeg, mp4, overlong, png, pngBomb, webp } from '../../helpers/media-files';

const pipeline = createMediaPipeline({ maxPixels: 50_000_000, maxDimension: 16_384 });

/** Each thumbnail decoded again: its real type and size. */
const decoded = async (thumbs: Array<{ size: number; bytes: Buffer; width: number; height: number }>) =>
  Promise.all(
    thumbs.map(async (t) => {
      const m = await sharp(t.bytes).metadata();
      expect([m.width, m.height]).toEqual([t.width, t.height]);
      return { size: t.size, format: m.format, width: m.width, height: m.height, pages: m.pages ?? 1 };
    }),
  );

it('PNG: stored as fetched, 128 and 512 px WebP thumbnails that keep the aspect ratio', async () => {
  const bytes = await png(800, 600);
  const out = await pipeline(bytes);
  expect(out).toMatchObject({ mimeType: 'image/png', width: 800, height: 600, frames: 1 });
  expect(out.bytes.equals(bytes)).toBe(true);
  expect(await decoded(out.thumbnails)).toEqual([
    { size: 128, format: 'webp', width: 128, height: 96, pages: 1 },
    { size: 512, format: 'webp', width: 512, height: 384, pages: 1 },
  ]);
});

it('JPEG and WebP: typed by their bytes; a small image is not enlarged', async () => {
  const j = await pipeline(await jpeg(640, 480));
  expect(j).toMatchObject({ mimeType: 'image/jpeg', width: 640, height: 480 });
  const w = await pipeline(await webp(300, 900));
  expect(w).toMatchObject({ mimeType: 'image/webp', width: 300, height: 900 });
  expect(await decoded(w.thumbnails)).toEqual([
    { size: 128, format: 'webp', width: 43, height: 128, pages: 1 },
    { size: 512, format: 'webp', width: 171, height: 512, pages: 1 },
  ]);
  const small = await pipeline(await png(100, 50));
  expect((await decoded(small.thumbnails)).map((t) => [t.width, t.height])).toEqual([
    [100, 50],
    [100, 50],
  ]);
});

it('animated GIF: its frames counted, thumbnails of the first frame only', async () => {
  const out = await pipeline(await animatedGif());
  expect(out).toMatchObject({ mimeType: 'image/gif', width: 64, height: 48, frames: 3 });
  const thumbs = await decoded(out.thumbnails);
  expect(thumbs.every((t) => t.format === 'webp' && t.pages === 1 && t.width === 64 && t.height === 48)).toBe(true);
  // The first frame is red (r = 255).
  const { data } = await sharp(out.thumbnails[0].bytes).raw().toBuffer({ resolveWithObject: true });
  expect(data[0]).toBeGreaterThan(200);
});

it('SVG: script, event handlers, foreignObject and external references removed; thumbnails rendered from what is left', async () => {
  const out = await pipeline(Buffer.from(HOSTILE_SVG));
  const text = out.bytes.toString('utf8');
  expect(out.mimeType).toBe('image/svg+xml');
  for (const bad of ['<script', 'onload', 'onclick', 'foreignObject', 'iframe', 'evil.example', 'javascript:']) expect(text).not.toContain(bad);
  expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(text).toContain('<rect');
  expect(out).toMatchObject({ width: 200, height: 100 });
  expect((await decoded(out.thumbnails)).map((t) => [t.format, t.width, t.height])).toEqual([
    ['webp', 128, 64],
    ['webp', 200, 100],
  ]);
  // The sanitised document is itself a valid SVG that sharp renders.
  expect((await sharp(out.bytes).metadata()).format).toBe('svg');
});

it('SVG: a document with nothing of an SVG left is refused', async () => {
  await expect(sanitizeSvg(Buffer.from('<svg><script>alert(1)</script>'))).resolves.toBeInstanceOf(Buffer);
  await expect(pipeline(Buffer.from('<html><body><script>alert(1)</script></body></html>'))).rejects.toThrow(MediaRejectedError);
});

it('a decompression bomb is refused from its header, before anything is decoded', async () => {
  const bomb = pngBomb();
  expect(bomb.length).toBeLessThan(200_000);
  const before = process.memoryUsage().rss;
  await expect(pipeline(bomb)).rejects.toThrow(new MediaRejectedError(
    'the image is 20000×20000 pixels; a side longer than 16384 px is refused',
  ));
  const lenient = createMediaPipeline({ maxPixels: 50_000_000, maxDimension: 65_535 });
  await expect(lenient(bomb)).rejects.toThrow(/400,000,000\), more than the 50,000,000 allowed: refused as a possible decompression bomb/);
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
});

it('a 20,000-px side is refused even with few pixels', async () => {
  await expect(pipeline(await overlong())).rejects.toThrow('the image is 20000×64 pixels; a side longer than 16384 px is refused');
});

it('MP4 is kept as it is, without dimensions or thumbnails; bytes of no known type are refused', async () => {
  const video = mp4();
  await expect(pipeline(video)).resolves.toMatchObject({ mimeType: 'video/mp4', width: null, height: null, thumbnails: [] });
  await expect(pipeline(Buffer.from('MZ\x90\x00 not an image at all'))).rejects.toThrow(/is not a supported image, video, audio or 3D model file/);
  const truncated = (await png(400, 400)).subarray(0, 200);
  await expect(pipeline(truncated)).rejects.toThrow(MediaRejectedError);
});
