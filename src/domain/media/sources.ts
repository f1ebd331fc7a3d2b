// Which media a token document names, and the source each media row keeps: the URL as given, or for inline content
// (image_data, data: URIs) `inline:<sha256>` with the content read again from the document when it is processed.
import crypto from 'node:crypto';
import type { TokenMediaField } from '../../db';
import type { NormalizedTokenMetadata } from '../../web';

export type MediaSource = { field: TokenMediaField; source: string; sourceHash: string; inline: string | null };

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Longest URL kept as a source; a longer one is not cached (the column holds 2048). */
const MAX_URL = 2_048;

const sourceOf = (field: TokenMediaField, text: string): MediaSource | null => {
  const t = text.trim();
  if (!t) return null;
  // Inline SVG as image_data (raw markup) and data: URIs anywhere: nothing to fetch, the document holds the bytes.
  if (field === 'image_data' || /^data:/i.test(t)) {
    const h = sha256(t);
    return { field, source: `inline:${h}`, sourceHash: h, inline: t };
  }
  if (t.length > MAX_URL) return null;
  return { field, source: t, sourceHash: sha256(t), inline: null };
};

/** The media fields of a document, each once. */
export const mediaSourcesOf = (doc: Pick<NormalizedTokenMetadata, 'image' | 'imageData' | 'animationUrl'>): MediaSource[] =>
  [sourceOf('image', doc.image), sourceOf('image_data', doc.imageData), sourceOf('animation_url', doc.animationUrl)].filter((s): s is MediaSource => s !== null);

/** The token id of a contract's own media rows. */
export const COLLECTION_TOKEN = '';

/** A contract's image (its contractURI document's `image`): a URL only, as contract info keeps no inline data. */
export const collectionSourcesOf = (ogImage: string): MediaSource[] => {
  const s = /^data:/i.test(ogImage.trim()) ? null : sourceOf('collection_image', ogImage);
  return s ? [s] : [];
};

/** The inline content of a field, or null when the document no longer holds what `sourceHash` names. */
export const inlineContentOf = (doc: Pick<NormalizedTokenMetadata, 'image' | 'imageData' | 'animationUrl'>, field: TokenMediaField, sourceHash: string): string | null => {
  const s = mediaSourcesOf(doc).find((x) => x.field === field);
  return s && s.inline !== null && s.sourceHash === sourceHash ? s.inline : null;
};

/** Storage keys: content-addressed, two hex digits of fan-out. */
export const fileKeyOf = (sha: string) => `media/${sha.slice(0, 2)}/${sha}`;
export const thumbnailKeyOf = (sha: string, size: number) => `media/${sha.slice(0, 2)}/${sha}-${size}.webp`;
