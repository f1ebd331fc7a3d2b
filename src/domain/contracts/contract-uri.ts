// contractURI(): the collection-level JSON a contract points at, turned into ContractInfo extensions.
import { InvalidDocumentError, parseMetadataJson, preview, resolveTokenUri, type TokenUriGateways } from '../../web';
import type { MetadataWeb } from '../metadata-fetch/web';

/** The extension fields a contractURI document fills. */
export type DocumentExtensions = { link: string; description: string; ogImage: string; ogName: string };

export const EMPTY_DOCUMENT_EXTENSIONS: Readonly<DocumentExtensions> = Object.freeze({ link: '', description: '', ogImage: '', ogName: '' });

const DESCRIPTION_MAX = 5_000;
const TEXT_MAX = 200;
// Stored in a TEXT column (64 KiB on MySQL): inline data: images do not fit and are dropped.
const URL_MAX = 2_048;

const text = (v: unknown, max: number): string => {
  if (typeof v !== 'string') return '';
  const clean = v.replace(/\u0000/g, '').trim();
  return Array.from(clean).slice(0, max).join('');
};

const url = (v: unknown): string => {
  const s = text(v, URL_MAX + 1);
  return s.length <= URL_MAX && /^(https?|ipfs|ar):\/\/\S+$/i.test(s) ? s : '';
};

/**
 * Maps an OpenSea-style contract document (`name`, `description`, `image`, `external_link`) onto
 * extensions: `name` → ogName, `image` → ogImage, `external_link` (or `external_url`) → link.
 */
export const extensionsFromContractDocument = (json: unknown): DocumentExtensions => {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InvalidDocumentError('contract metadata must be a JSON object');
  }
  const d = json as Record<string, unknown>;
  return {
    link: url(d.external_link) || url(d.external_url) || url(d.externalLink),
    description: text(d.description, DESCRIPTION_MAX),
    ogImage: url(d.image) || url(d.image_url),
    ogName: text(d.name, TEXT_MAX),
  };
};

/** Resolves and fetches `uri` (http, ipfs, ar, data) through the safe fetcher and maps the document. */
export const fetchContractDocument = async (
  web: Pick<MetadataWeb, 'fetcher'> & { gateways: TokenUriGateways },
  uri: string,
): Promise<DocumentExtensions> => {
  const resolved = resolveTokenUri(uri, web.gateways);
  const body = resolved.kind === 'data' ? resolved.body : (await web.fetcher.fetchText(resolved.url)).body;
  return extensionsFromContractDocument(parseMetadataJson(body, resolved.kind === 'data' ? 'data: URI' : resolved.url));
};

