// Hostile ipfs:// and ar:// paths through the real fetcher against a local stand-in gateway: every request
// that reaches it, read the way a lenient gateway would (decoded repeatedly, backslashes as slashes), lies
// under the gateway prefix; the escaping URIs are refused before any connection.
import { createSafeFetcher, type SafeFetcher } from '../../../src/web/safe-fetch';
import { fetchTokenMetadataDocument } from '../../../src/web/token-metadata-json';
import { InvalidDocumentError } from '../../../src/web/errors';
import { json, startServer, type LocalServer } from './local-server';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const AR = 'LBd5oC6VzaqfL1OkUvDzVKfaZSW2Ifo7XThhN44KEXQ';

const HOSTILE_PATHS = [
  '/../../../admin',
  '/%2e%2e/%2e%2e/%2e%2e/admin',
  '/%2E%2E%2F%2E%2E%2F%2E%2E%2Fadmin',
  '/.%2E/%2e./admin',
  '/%252e%252e/%252e%252e/admin',
  '/..%5c..%5cadmin',
  '\\..\\..\\admin',
  '/a/../../../admin',
];

/** What a lenient gateway would make of a request path. */
const asGatewaySees = (path: string) => {
  let p = path.split('?')[0];
  for (let i = 0; i < 5; i++) p = decodeURIComponent(p);
  return new URL(p.replace(/\\/g, '/'), 'http://gateway').pathname;
};

let s: LocalServer;
let fetcher: SafeFetcher;
let gateways: { ipfsGateway: string; arweaveGateway: string };

beforeAll(async () => {
  s = await startServer((req, res) => json(res, { name: `doc ${req.url}` }));
  fetcher = createSafeFetcher({ allowHosts: [`127.0.0.1:${s.port}`], totalTimeoutMs: 3_000 });
  // The prefixes carry paths of their own, as real gateways do.
  gateways = { ipfsGateway: `${s.origin}/gw/ipfs/`, arweaveGateway: `${s.origin}/gw/ar` };
});
afterAll(async () => {
  await fetcher.close();
  await s.close();
});

describe('gateway path escapes through the real fetcher', () => {
  it.each(HOSTILE_PATHS.flatMap((p) => [`ipfs://${CID}${p}`, `ipfs://ipfs/${CID}${p}`, `ar://${AR}${p}`]))('refuses %s without a request', async (uri) => {
    const before = s.connections;
    await expect(fetchTokenMetadataDocument(fetcher, uri, gateways, '1')).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(s.connections).toBe(before);
  });

  it('fetches paths that stay inside, and every request seen stays under its prefix', async () => {
    expect((await fetchTokenMetadataDocument(fetcher, `ipfs://${CID}/a/../1.json`, gateways, '1')).name).toBe(`doc /gw/ipfs/${CID}/1.json`);
    expect((await fetchTokenMetadataDocument(fetcher, `ar://${AR}/x/./2`, gateways, '2')).name).toBe(`doc /gw/ar/${AR}/x/2`);
    expect(s.requests.length).toBe(2);
    for (const { path } of s.requests) {
      expect(asGatewaySees(path)).toMatch(new RegExp(`^/gw/(ipfs/${CID}|ar/${AR})/`));
    }
  });
});
