// Joins an ipfs:// or ar:// path under a gateway prefix so that it can never leave it: dot segments are
// resolved (no higher than the content identifier), and the forms gateways and proxies may decode later —
// percent-encoded dots, slashes and backslashes, encoded more than once, dot segments with `;parameters` — are judged
// by what they decode to.
import { InvalidDocumentError } from './errors';

/** More rounds than this and the text is deliberately obfuscated; no legitimate URI needs it. */
const MAX_DECODE_ROUNDS = 4;

/** Percent-decodes until nothing changes; null when that takes too many rounds or the bytes are not UTF-8. */
const fullyDecoded = (text: string): string | null => {
  let current = text;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A lone "%" (as in "100%") is not an escape; decode what is decodable around it.
      next = current.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === current) return current;
    current = next;
  }
  return null;
};

/**
 * `path` is what follows the identifier, up to "?" or "#" (empty or starting with "/"). Returns it with dot
 * segments resolved; throws InvalidDocumentError when it would climb above the identifier or hides a
 * separator or dot segment behind an encoding.
 */
export const containedGatewayPath = (path: string, original: string): string => {
  const kept: string[] = [];
  // Backslashes are separators to WHATWG URL parsers and to many servers.
  const segments = path.split(/[/\\]/).slice(1);
  for (const [i, raw] of segments.entries()) {
    const decoded = fullyDecoded(raw);
    if (decoded === null) throw escapes(original, 'is encoded too many times');
    if (/[/\\]/.test(decoded)) throw escapes(original, 'hides a path separator in an encoded segment');
    // Servlet containers (Tomcat, Jetty) and the proxies before them drop a segment's `;parameters` before they
    // resolve dot segments: `..;` is `..` to them, and goes up once this path reaches the gateway.
    const name = decoded.split(';')[0];
    if (name !== decoded && (name === '.' || name === '..')) throw escapes(original, 'has a dot segment with ;parameters');
    if (decoded === '.' || decoded === '..') {
      if (raw !== decoded) throw escapes(original, 'has an encoded dot segment');
      if (decoded === '..' && kept.pop() === undefined) throw escapes(original, 'climbs above its identifier');
      // A trailing dot segment names a directory, as in URL resolution.
      if (i === segments.length - 1) kept.push('');
      continue;
    }
    kept.push(raw);
  }
  return kept.length === 0 ? (path === '' ? '' : '/') : `/${kept.join('/')}`;
};

const escapes = (original: string, why: string) =>
  new InvalidDocumentError(`token URI path ${why}: ${original.length > 80 ? `${original.slice(0, 80)}…` : original}`);

/** True when `url` is `prefix` or lies under it (same origin, path continuing the prefix's path). */
export const isUnderPrefix = (url: URL, prefix: URL): boolean => {
  const dir = prefix.pathname.replace(/\/+$/, '');
  return url.origin === prefix.origin && (url.pathname === dir || url.pathname.startsWith(`${dir}/`));
};
