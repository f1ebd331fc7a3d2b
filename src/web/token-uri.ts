// Turns an on-chain token URI (http, ipfs, ar, data) into something fetchable or already decoded.
import { FetchRefusedError, InvalidDocumentError } from './errors';
import { containedGatewayPath, isUnderPrefix } from './gateway-path';

export type TokenUriGateways = {
  /** Prefix that a CID and path are appended to, e.g. "https://ipfs.io/ipfs/". */
  ipfsGateway: string;
  /** Prefix that an Arweave transaction id and path are appended to. */
  arweaveGateway: string;
};

export const defaultTokenUriGateways: Readonly<TokenUriGateways> = Object.freeze({
  ipfsGateway: 'https://ipfs.io/ipfs/',
  arweaveGateway: 'https://arweave.net/',
});

export type ResolvedTokenUri =
  | { kind: 'http'; url: string }
  | { kind: 'data'; mediaType: string; body: string };

// Controls and whitespace inside a URI are never legitimate and can smuggle header or path tricks.
const CONTROL = /[\u0000-\u001f\u007f]/;
const IPFS_CID = /^[A-Za-z0-9]+$/;
const ARWEAVE_ID = /^[A-Za-z0-9_-]+$/;

const withSlash = (prefix: string): string => (prefix.endsWith('/') ? prefix : `${prefix}/`);

const httpUrl = (text: string, original: string): ResolvedTokenUri => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidDocumentError(`token URI is not a valid URL: ${preview(original)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('scheme', `gateway URL must be http(s): ${preview(text)}`, text);
  }
  return { kind: 'http', url: url.href };
};

/**
 * Splits "<id>/<path>?<query>#<fragment>", checks the id and keeps the path under the gateway prefix
 * (gateway-path.ts); the result is checked once more after URL parsing, which may normalise further.
 */
const gatewayUrl = (gateway: string, rest: string, idPattern: RegExp, what: string, original: string) => {
  const cut = rest.search(/[/\\?#]/);
  const id = cut === -1 ? rest : rest.slice(0, cut);
  if (!idPattern.test(id)) throw new InvalidDocumentError(`${what} URI has no valid identifier: ${preview(original)}`);
  const after = cut === -1 ? '' : rest.slice(cut);
  const pathEnd = after.search(/[?#]/);
  const path = pathEnd === -1 ? after : after.slice(0, pathEnd);
  const tail = pathEnd === -1 ? '' : after.slice(pathEnd);
  const base = withSlash(gateway) + id;
  const resolved = httpUrl(base + containedGatewayPath(path, preview(original)) + tail, original);
  if (resolved.kind === 'http' && !isUnderPrefix(new URL(resolved.url), new URL(base))) {
    throw new InvalidDocumentError(`${what} URI path leaves the gateway prefix: ${preview(original)}`);
  }
  return resolved;
};

/**
 * Resolves `uri` to an http(s) URL (ipfs:// and ar:// through the gateways) or decodes a data: URI.
 * Other schemes are refused (FetchRefusedError 'scheme'); malformed URIs are InvalidDocumentError.
 */
export const resolveTokenUri = (uri: string, gateways: Partial<TokenUriGateways> = {}): ResolvedTokenUri => {
  const { ipfsGateway, arweaveGateway } = { ...defaultTokenUriGateways, ...stripUndefined(gateways) };
  const text = uri.trim();
  if (text === '') throw new InvalidDocumentError('token URI is empty');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'data') return decodeDataUri(text);
  // data: bodies may legitimately hold newlines (pretty-printed JSON); other URIs may not.
  if (CONTROL.test(text)) throw new InvalidDocumentError(`token URI contains control characters: ${preview(text)}`);
  switch (scheme) {
    case 'http':
    case 'https':
      return httpUrl(text, uri);
    case 'ipfs': {
      let rest = text.slice('ipfs:'.length).replace(/^\/\//, '');
      // ipfs://ipfs/<cid> is a common mistake for ipfs://<cid>; so is a doubled "ipfs/".
      while (/^ipfs\//i.test(rest)) rest = rest.slice('ipfs/'.length);
      return gatewayUrl(ipfsGateway, rest, IPFS_CID, 'ipfs', uri);
    }
    case 'ar':
      return gatewayUrl(arweaveGateway, text.slice('ar:'.length).replace(/^\/\//, ''), ARWEAVE_ID, 'ar', uri);
    default:
      throw new FetchRefusedError('scheme', `token URI scheme ${scheme ? `"${scheme}:"` : '(none)'} is not supported: ${preview(text)}`, text);
  }
};

/**
 * Decodes `data:[<mediatype>][;base64],<data>`. Also takes the common non-standard ";utf8"/";utf-8"
 * parameter. Unlike the URL parser it keeps "#" in the data: on-chain SVG colours are rarely escaped.
 */
export const decodeDataUri = (uri: string): { kind: 'data'; mediaType: string; body: string } => {
  const { mediaType, bytes } = decodeDataUriBytes(uri);
  return { kind: 'data', mediaType, body: bytes.toString('utf8') };
};

/** The same decoding, keeping the bytes as they are (an inline PNG is not text). */
export const decodeDataUriBytes = (uri: string): { mediaType: string; bytes: Buffer } => {
  const comma = uri.indexOf(',');
  if (!/^data:/i.test(uri) || comma === -1) throw new InvalidDocumentError(`malformed data: URI (no comma): ${preview(uri)}`);
  const params = uri.slice('data:'.length, comma).split(';').map((s) => s.trim());
  const payload = uri.slice(comma + 1);
  const isBase64 = params.length > 1 && params[params.length - 1].toLowerCase() === 'base64';
  const mediaType = (params[0] || 'text/plain').toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(mediaType)) {
    throw new InvalidDocumentError(`malformed data: URI media type "${preview(params[0], 40)}"`);
  }
  const bytes = percentDecode(payload);
  if (!isBase64) return { mediaType, bytes };
  const b64 = bytes.toString('latin1').replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64) || b64.replace(/=+$/, '').length % 4 === 1) {
    throw new InvalidDocumentError(`malformed data: URI (invalid base64): ${preview(uri)}`);
  }
  return { mediaType, bytes: Buffer.from(b64, 'base64') };
};

/** WHATWG percent-decode: valid %XX become bytes; a lone "%" (as in "100% rare") stays as is. */
const percentDecode = (text: string): Buffer => {
  if (!text.includes('%')) return Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let start = 0;
  const re = /%([0-9A-Fa-f]{2})/g;
  let m: RegExpExecArray | null;
  const bytes: number[] = [];
  const flushBytes = () => {
    if (bytes.length > 0) parts.push(Buffer.from(bytes.splice(0)));
  };
  while ((m = re.exec(text)) !== null) {
    if (m.index > start) {
      flushBytes();
      parts.push(Buffer.from(text.slice(start, m.index), 'utf8'));
    }
    bytes.push(parseInt(m[1], 16));
    start = re.lastIndex;
  }
  flushBytes();
  parts.push(Buffer.from(text.slice(start), 'utf8'));
  return Buffer.concat(parts);
};

const UINT256_MAX = (1n << 256n) - 1n;

/** ERC-1155: every "{id}" becomes the id as 64 lower-case hex digits, zero-padded, no 0x. */
export const expandErc1155Id = (uri: string, tokenId: bigint): string => {
  if (tokenId < 0n || tokenId > UINT256_MAX) throw new RangeError(`token id ${tokenId} is not a uint256`);
  return uri.split('{id}').join(tokenId.toString(16).padStart(64, '0'));
};

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

/** Short, single-line excerpt of untrusted text for error messages. */
export const preview = (text: string, max = 80): string => {
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};
