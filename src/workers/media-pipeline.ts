// The media worker's image work: what fetched bytes are (by their bytes, never their name or Content-Type), an SVG
// made safe, and the thumbnails (128 and 512 px WebP, an animation's first frame) made with sharp under bounds: pixels
// decoded (`limitInputPixels`), the longest side, one thread per image, no cache, a time limit. A file over a bound, a
// decompression bomb or bytes that do not decode are refused (MediaRejectedError), never fatal. sharp and the SVG
// sanitiser are loaded on first use: a process that never processes media does not pay their memory.
import type { MediaConfig } from '../config';
import { sniff } from '../domain/assets/sniff';
import { isDomainError } from '../domain/errors';
import type { MediaPipeline } from '../domain/media/service';
import { MediaRejectedError, THUMBNAIL_SIZES, type ProcessedMedia } from '../domain/media/types';
import { sanitizeSvg } from './media-svg';

type Sharp = typeof import('sharp');
let sharpModule: Sharp | null = null;

const loadSharp = (): Sharp => {
  if (sharpModule) return sharpModule;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sharp = require('sharp') as Sharp;
  // One libvips thread per image and no operation cache: the worker's concurrency bounds CPU and memory.
  sharp.concurrency(1);
  sharp.cache(false);
  sharpModule = sharp;
  return sharp;
};

/** Raster types sharp decodes here; others (video, audio, models) are stored as they are, without thumbnails. */
const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** One image's work at most this long (libvips checks between tiles). */
const TIMEOUT_SECONDS = 30;

const decodeError = (err: unknown) => new MediaRejectedError(`the image could not be decoded: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);

export const createMediaPipeline = (limits: Pick<MediaConfig, 'maxPixels' | 'maxDimension'>): MediaPipeline => {
  const checkSize = (width: number | undefined, height: number | undefined) => {
    if (!width || !height) throw new MediaRejectedError('the image states no dimensions');
    if (width > limits.maxDimension || height > limits.maxDimension) {
      throw new MediaRejectedError(`the image is ${width}×${height} pixels; a side longer than ${limits.maxDimension} px is refused`);
    }
    const pixels = width * height;
    if (pixels > limits.maxPixels) {
      throw new MediaRejectedError(`the image is ${width}×${height} pixels (${pixels.toLocaleString('en')}), more than the ${limits.maxPixels.toLocaleString('en')} allowed: refused as a possible decompression bomb`);
    }
  };

  /**
   * The source is decoded once, into pixels at the largest size (first frame; EXIF orientation followed); each
   * thumbnail is made from those pixels, so a large image costs one decode, not one per size.
   */
  const thumbnails = async (bytes: Buffer): Promise<ProcessedMedia['thumbnails']> => {
    const sharp = loadSharp();
    const largest = Math.max(...THUMBNAIL_SIZES);
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, pages: 1, failOn: 'error' })
        .rotate()
        .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const out: ProcessedMedia['thumbnails'] = [];
      for (const size of THUMBNAIL_SIZES) {
        const { data: webp, info: made } = await sharp(data, raw)
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80, effort: 2 })
          .toBuffer({ resolveWithObject: true });
        out.push({ size, width: made.width, height: made.height, bytes: webp });
      }
      return out;
    } catch (err) {
      throw decodeError(err);
    }
  };

  return async (original: Buffer): Promise<ProcessedMedia> => {
    let mimeType: string;
    try {
      ({ mimeType } = await sniff(original));
    } catch (err) {
      if (isDomainError(err)) throw new MediaRejectedError(err.message.replace(/^file /, 'the file '));
      throw err;
    }
    const bytes = mimeType === 'image/svg+xml' ? await sanitizeSvg(original) : original;
    if (mimeType !== 'image/svg+xml' && !RASTER.has(mimeType)) return { bytes, mimeType, width: null, height: null, frames: 1, thumbnails: [] };
    const sharp = loadSharp();
    let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
    try {
      // The header only: a bomb is refused here, before anything is decoded.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (err) {
      throw decodeError(err);
    }
    const frames = meta.pages ?? 1;
    const height = meta.pageHeight ?? meta.height;
    checkSize(meta.width, height);
    return { bytes, mimeType, width: meta.width ?? null, height: height ?? null, frames, thumbnails: await thumbnails(bytes) };
  };
};
