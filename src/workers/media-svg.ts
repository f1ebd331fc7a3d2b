// Makes an untrusted SVG safe to serve and to render: DOMPurify (over a jsdom window, both loaded on first use) keeps
// the SVG profile only — no <script>, no event handlers, no <foreignObject> — and every reference that is not to the
// document itself (`href`, `xlink:href`, `url(...)` in attributes and styles, `@import`) is removed, so neither a
// browser opening the file nor the renderer making its thumbnails reaches anything else.
import { MediaRejectedError } from '../domain/media/types';

/** Larger SVG documents are refused before parsing: markup this size is no token image. */
export const SVG_MAX_BYTES = 5 * 1_048_576;

type Purifier = { sanitize(dirty: string, cfg: Record<string, unknown>): string };

let purifier: Purifier | null = null;

const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const REFERENCE_ATTRS = new Set(['href', 'xlink:href', 'src']);

const loadPurifier = async (): Promise<Purifier> => {
  if (purifier) return purifier;
  const { JSDOM } = await import('jsdom');
  const createDOMPurify = (await import('dompurify')).default;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as unknown as Element;
    if (!el.attributes) return;
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      // A reference inside the document (#id) is kept; anything else could fetch or navigate.
      if (REFERENCE_ATTRS.has(name) && !attr.value.trim().startsWith('#')) el.removeAttribute(attr.name);
      else if (EXTERNAL_URL.test(attr.value)) el.setAttribute(attr.name, attr.value.replace(EXTERNAL_URL, 'none'));
      EXTERNAL_URL.lastIndex = 0;
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) {
      node.textContent = node.textContent.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none');
    }
  });
  purifier = purify as unknown as Purifier;
  return purifier;
};

/** The sanitised SVG document; MediaRejectedError when it is too large or nothing of an SVG is left. */
export const sanitizeSvg = async (bytes: Buffer): Promise<Buffer> => {
  if (bytes.length > SVG_MAX_BYTES) throw new MediaRejectedError(`SVG of ${bytes.length} bytes is larger than the ${SVG_MAX_BYTES}-byte limit for SVG`);
  const purify = await loadPurifier();
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object', 'audio', 'video', 'animate', 'set', 'handler', 'listener'],
    // Event handlers are dropped by the profile already; these never load anything worth keeping.
    FORBID_ATTR: ['onload', 'onerror', 'onclick', 'onbegin', 'onend', 'onrepeat', 'formaction'],
    ALLOW_DATA_ATTR: false,
  }).trim();
  if (!/^<svg[\s>]/i.test(clean)) throw new MediaRejectedError('nothing of an SVG document was left after sanitising');
  // Parsed as HTML, the root loses its namespace declarations; a standalone SVG file needs them.
  if (!/^<svg[^>]*\sxmlns=/i.test(clean)) clean = clean.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (/\sxlink:/i.test(clean) && !/^<svg[^>]*\sxmlns:xlink=/i.test(clean)) clean = clean.replace(/^<svg/i, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
  return Buffer.from(clean, 'utf8');
};
