// Turns an untrusted token metadata document (ERC-721/1155 JSON) into a bounded, predictable shape.
import { InvalidDocumentError } from './errors';
import { resolveTokenUri, preview, type TokenUriGateways } from './token-uri';

export type NormalizedTokenMetadata = {
  tokenId: string;
  name: string;
  description: string;
  image: string;
  video: string;
  audio: string;
  properties: Record<string, unknown> | null;
  attributes: Array<Record<string, unknown>> | null;
  imageData: string;
  externalUrl: string;
  backgroundColor: string;
  animationUrl: string;
  decimals: number | null;
};

export type NormalizeLimits = {
  /** Text fields (name, description, ...) and strings nested in properties/attributes: truncated. */
  maxStringLength: number;
  /** Media fields (image, image_data, animation_url, video, audio) often hold inline data: URIs or
   *  SVG; truncating one would yield a broken image, so one over this length is dropped instead. */
  maxMediaLength: number;
  maxAttributes: number;
  /** Entries kept per object or array inside properties/attributes. */
  maxEntries: number;
  /** Nesting kept inside properties/attributes; deeper values become null. */
  maxDepth: number;
};

export const defaultNormalizeLimits: Readonly<NormalizeLimits> = Object.freeze({
  maxStringLength: 10_000,
  maxMediaLength: 512_000,
  maxAttributes: 500,
  maxEntries: 500,
  maxDepth: 8,
});

type Doc = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops NULs (databases reject them) and lone surrogates (not encodable as UTF-8). */
const clean = (s: string): string => s.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');

const truncate = (s: string, max: number): string => {
  if (s.length <= max) return s;
  // Do not cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(s[max - 1] ?? '') ? max - 1 : max;
  return s.slice(0, end);
};

const asText = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
};

/** First key holding a non-empty string (or number) wins; snake_case, the documents' own spelling, first. */
const pick = (doc: Doc, keys: string[]): string => {
  for (const k of keys) {
    const t = asText(doc[k]);
    if (t !== undefined && t !== '') return clean(t);
  }
  return '';
};

const textField = (doc: Doc, keys: string[], limits: NormalizeLimits) => truncate(pick(doc, keys), limits.maxStringLength);
const mediaField = (doc: Doc, keys: string[], limits: NormalizeLimits) => {
  const s = pick(doc, keys);
  return s.length > limits.maxMediaLength ? '' : s;
};

/** Deep copy with the same bounds; drops "__proto__" keys so later Object.assign cannot be abused. */
const sanitize = (v: unknown, limits: NormalizeLimits, depth: number): unknown => {
  if (typeof v === 'string') return truncate(clean(v), limits.maxStringLength);
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean' || v === null) return v;
  if (depth >= limits.maxDepth) return null;
  if (Array.isArray(v)) return v.slice(0, limits.maxEntries).map((x) => sanitize(x, limits, depth + 1));
  if (isPlainObject(v)) return sanitizeObject(v, limits, depth);
  return null; // undefined, bigint, functions: not JSON
};

const sanitizeObject = (o: Doc, limits: NormalizeLimits, depth: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [key, value] of Object.entries(o)) {
    if (n++ >= limits.maxEntries) break;
    const k = truncate(clean(key), limits.maxStringLength);
    if (k === '__proto__' || value === undefined) continue;
    out[k] = sanitize(value, limits, depth + 1);
  }
  return out;
};

const normalizeAttributes = (v: unknown, limits: NormalizeLimits): Array<Record<string, unknown>> | null => {
  if (Array.isArray(v)) {
    return v
      .filter(isPlainObject)
      .slice(0, limits.maxAttributes)
      .map((a) => sanitizeObject(a, limits, 1));
  }
  if (isPlainObject(v)) {
    // Some collections publish {"Color": "red", "Level": 5}; the wire shape is a list of traits.
    return Object.entries(v)
      .filter(([k]) => k !== '__proto__')
      .slice(0, limits.maxAttributes)
      .map(([k, value]) => ({
        trait_type: truncate(clean(k), limits.maxStringLength),
        value: sanitize(value, limits, 2),
      }));
  }
  return null;
};

const normalizeDecimals = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * Normalises a parsed metadata document. Throws InvalidDocumentError when it is not a JSON object.
 */
export const normalizeTokenMetadata = (
  json: unknown,
  tokenId: string,
  limits: Partial<NormalizeLimits> = {},
): NormalizedTokenMetadata => {
  if (!isPlainObject(json)) {
    const got = json === null ? 'null' : Array.isArray(json) ? 'an array' : `a ${typeof json}`;
    throw new InvalidDocumentError(`token metadata must be a JSON object, got ${got}`);
  }
  const l: NormalizeLimits = { ...defaultNormalizeLimits, ...limits };
  return {
    tokenId,
    name: textField(json, ['name'], l),
    description: textField(json, ['description'], l),
    image: mediaField(json, ['image', 'image_url', 'imageUrl'], l),
    video: mediaField(json, ['video'], l),
    audio: mediaField(json, ['audio'], l),
    properties: isPlainObject(json.properties) ? sanitizeObject(json.properties, l, 1) : null,
    attributes: normalizeAttributes(json.attributes, l),
    imageData: mediaField(json, ['image_data', 'imageData'], l),
    externalUrl: textField(json, ['external_url', 'externalUrl'], l),
    backgroundColor: textField(json, ['background_color', 'backgroundColor'], l),
    animationUrl: mediaField(json, ['animation_url', 'animationUrl'], l),
    decimals: normalizeDecimals(json.decimals),
  };
};

/** Parses a document body; a leading BOM is tolerated, anything else malformed is a clear error. */
export const parseMetadataJson = (body: string, source: string): unknown => {
  try {
    return JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new InvalidDocumentError(`token metadata at ${preview(source)} is not valid JSON: ${preview(why, 120)}`);
  }
};

/** The part of the safe fetcher this needs; lets callers pass a fake or a wrapped fetcher. */
export type TextFetcher = { fetchText(url: string): Promise<{ body: string }> };

/**
 * Resolves `uri` (http, ipfs, ar, data), fetches or decodes it, parses JSON and normalises it.
 * Errors: FetchRefusedError / FetchFailedError from the fetch, InvalidDocumentError for bad URIs or JSON.
 * ERC-1155 "{id}" expansion is the caller's job (expandErc1155Id), since only it knows the standard.
 */
export const fetchTokenMetadataDocument = async (
  fetcher: TextFetcher,
  uri: string,
  gateways: Partial<TokenUriGateways> | undefined,
  tokenId: string,
  limits?: Partial<NormalizeLimits>,
): Promise<NormalizedTokenMetadata> => {
  const resolved = resolveTokenUri(uri, gateways);
  const body = resolved.kind === 'data' ? resolved.body : (await fetcher.fetchText(resolved.url)).body;
  const source = resolved.kind === 'data' ? 'data: URI' : resolved.url;
  return normalizeTokenMetadata(parseMetadataJson(body, source), tokenId, limits);
};
