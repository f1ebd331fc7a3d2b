// What an uploaded file is, from its bytes (never from the name or the client's Content-Type), and its size in pixels.
import { fromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { invalidArgument } from '../errors';

/** The media a token document may point at; anything else is refused. */
const ACCEPTED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/flac',
  'model/gltf-binary',
]);

/** SVG is text: no magic number, so it is recognised by its root element (after an optional XML prolog). */
const isSvg = (bytes: Buffer) => {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
};

export type Sniffed = { mimeType: string; width: number | null; height: number | null };

export const sniff = async (bytes: Buffer): Promise<Sniffed> => {
  const found = await fromBuffer(bytes);
  const mimeType = found?.mime === 'application/xml' || (!found && isSvg(bytes)) ? (isSvg(bytes) ? 'image/svg+xml' : '') : (found?.mime ?? '');
  if (!ACCEPTED.has(mimeType)) {
    throw invalidArgument('file', `is not a supported image, video, audio or 3D model file${found ? ` (found ${found.mime})` : ''}`);
  }
  if (!mimeType.startsWith('image/')) return { mimeType, width: null, height: null };
  try {
    const size = imageSize(bytes);
    return { mimeType, width: size.width ?? null, height: size.height ?? null };
  } catch {
    // A format image-size does not read (AVIF variants) or a picture without stated dimensions (some SVGs).
    return { mimeType, width: null, height: null };
  }
};
