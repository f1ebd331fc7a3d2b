// ipfs:// and ar:// paths must never leave the gateway prefix, whatever encoding hides the dot segments.
import { resolveTokenUri } from '../../../src/web/token-uri';
import { InvalidDocumentError } from '../../../src/web/errors';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const AR = 'LBd5oC6VzaqfL1OkUvDzVKfaZSW2Ifo7XThhN44KEXQ';
const GATEWAYS = { ipfsGateway: 'https://gw.example/ipfs/', arweaveGateway: 'https://ar.example/base/' };

// Every way of writing "go up" that a URL parser, a proxy or a gateway may turn into "..".
const CLIMBS = [
  '/../../../admin',
  '/..',
  '/../',
  '/a/../../admin',
  '/%2e%2e/%2e%2e/admin',
  '/%2E%2E%2F%2E%2E%2Fadmin',
  '/.%2e/admin',
  '/%2e./admin',
  '/%2e%2E/admin',
  '/%252e%252e/admin',
  '/%25252e%25252e%25252fadmin',
  '/..%2f..%2fadmin',
  '/..%5c..%5cadmin',
  '/%5c..%5c..%5cadmin',
  '\\..\\..\\admin',
  '/a\\..\\..\\admin',
  '/..\\admin',
  '/./../admin',
  '/%2e/%2e%2e/admin',
  '/x/%2e%2e%2f%2e%2e%2fadmin?q=1',
  '/..#frag',
  // Path parameters: servlet containers drop `;…` from a segment, and `..;` becomes `..`.
  '/..;/admin',
  '/..;/..;/admin',
  '/%2e%2e;/admin',
  '/%2e%2e%3b/admin',
  '/..;jsessionid=1/admin',
  '/a/.;/..;/..;/admin',
];

describe('gateway paths stay under the prefix', () => {
  it.each(CLIMBS)('refuses ipfs://<cid>%s', (path) => {
    expect(() => resolveTokenUri(`ipfs://${CID}${path}`, GATEWAYS)).toThrow(InvalidDocumentError);
  });

  it.each(CLIMBS)('refuses ar://<id>%s', (path) => {
    expect(() => resolveTokenUri(`ar://${AR}${path}`, GATEWAYS)).toThrow(InvalidDocumentError);
  });

  it.each(CLIMBS)('refuses ipfs://ipfs/<cid>%s (the doubled-prefix form)', (path) => {
    expect(() => resolveTokenUri(`ipfs://ipfs/${CID}${path}`, GATEWAYS)).toThrow(InvalidDocumentError);
  });

  it.each([
    ['/a/../b.json', '/b.json'],
    ['/a/./b.json', '/a/b.json'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/a\\b.json', '/a/b.json'],
    ['/a%20b.json', '/a%20b.json'],
    ['/100%25.json', '/100%25.json'],
    ['/1.json?x=/../../admin', '/1.json?x=/../../admin'],
    ['', ''],
    ['/', '/'],
  ])('resolves dot segments that stay inside: %s', (path, expected) => {
    expect(resolveTokenUri(`ipfs://${CID}${path}`, GATEWAYS)).toEqual({ kind: 'http', url: `https://gw.example/ipfs/${CID}${expected}` });
    expect(resolveTokenUri(`ar://${AR}${path}`, GATEWAYS)).toEqual({ kind: 'http', url: `https://ar.example/base/${AR}${expected}` });
  });

  it('refuses a path encoded past the decoding bound', () => {
    expect(() => resolveTokenUri(`ipfs://${CID}/%2525252525252e%2525252525252e/admin`, GATEWAYS)).toThrow(/encoded too many times/);
  });
});
