import { createSafeFetcher, type SafeFetcher } from '../../../src/web/safe-fetch';
import { fetchTokenMetadataDocument } from '../../../src/web/token-metadata-json';
import { expandErc1155Id } from '../../../src/web/token-uri';
import { FetchFailedError, FetchRefusedError, InvalidDocumentError } from '../../../src/web/errors';
import { json, startServer, type LocalServer } from './local-server';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const AR = 'LBd5oC6VzaqfL1OkUvDzVKfaZSW2Ifo7XThhN44KEXQ';

let s: LocalServer;
let fetcher: SafeFetcher;
let gateways: { ipfsGateway: string; arweaveGateway: string };

beforeAll(async () => {
  s = await startServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/bad.json') return json(res, '{"name": "Broken",');
    if (url === '/array.json') return json(res, '[{"name":"x"}]');
    if (url === '/gone.json') return json(res, { error: 'gone' }, 410);
    if (url === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/iam/' });
      return res.end();
    }
    return json(res, { name: `doc ${url}`, image_data: '<svg/>', attributes: { Color: 'red' }, decimals: 2 });
  });
  fetcher = createSafeFetcher({ allowHosts: [`127.0.0.1:${s.port}`], totalTimeoutMs: 3_000 });
  gateways = { ipfsGateway: `${s.origin}/ipfs/`, arweaveGateway: `${s.origin}/ar` };
});
afterAll(async () => {
  await fetcher.close();
  await s.close();
});

describe('fetchTokenMetadataDocument', () => {
  it('fetches and normalises an http document', async () => {
    const doc = await fetchTokenMetadataDocument(fetcher, `${s.origin}/token/1.json`, gateways, '1');
    expect(doc).toMatchObject({
      tokenId: '1',
      name: 'doc /token/1.json',
      imageData: '<svg/>',
      attributes: [{ trait_type: 'Color', value: 'red' }],
      decimals: 2,
    });
  });

  it('goes through the configured IPFS and Arweave gateways', async () => {
    expect((await fetchTokenMetadataDocument(fetcher, `ipfs://ipfs/${CID}/7.json`, gateways, '7')).name).toBe(`doc /ipfs/${CID}/7.json`);
    expect((await fetchTokenMetadataDocument(fetcher, `ar://${AR}/8`, gateways, '8')).name).toBe(`doc /ar/${AR}/8`);
  });

  it('fetches an ERC-1155 URI after {id} expansion', async () => {
    const uri = expandErc1155Id(`${s.origin}/erc1155/{id}.json`, 255n);
    const doc = await fetchTokenMetadataDocument(fetcher, uri, gateways, '255');
    expect(doc.name).toBe(`doc /erc1155/${'0'.repeat(62)}ff.json`);
  });

  it('decodes data: URIs without touching the network', async () => {
    const before = s.requests.length;
    const body = JSON.stringify({ name: 'On-chain #3', image: 'data:image/svg+xml;utf8,<svg fill="#000"/>' });
    const b64 = await fetchTokenMetadataDocument(fetcher, `data:application/json;base64,${Buffer.from(body).toString('base64')}`, gateways, '3');
    const utf8 = await fetchTokenMetadataDocument(fetcher, `data:application/json;utf8,${body}`, gateways, '3');
    const pct = await fetchTokenMetadataDocument(fetcher, `data:application/json,${encodeURIComponent(body)}`, gateways, '3');
    for (const doc of [b64, utf8, pct]) expect(doc).toMatchObject({ name: 'On-chain #3', image: 'data:image/svg+xml;utf8,<svg fill="#000"/>' });
    expect(s.requests.length).toBe(before);
  });

  it('explains malformed and non-object JSON', async () => {
    await expect(fetchTokenMetadataDocument(fetcher, `${s.origin}/bad.json`, gateways, '1')).rejects.toThrow(
      new RegExp(`${s.origin}/bad.json is not valid JSON`),
    );
    await expect(fetchTokenMetadataDocument(fetcher, `${s.origin}/array.json`, gateways, '1')).rejects.toThrow(
      'token metadata must be a JSON object, got an array',
    );
    await expect(fetchTokenMetadataDocument(fetcher, 'data:application/json;base64,!!!', gateways, '1')).rejects.toBeInstanceOf(
      InvalidDocumentError,
    );
    await expect(fetchTokenMetadataDocument(fetcher, 'data:application/json,{"a":', gateways, '1')).rejects.toThrow(/data: URI is not valid JSON/);
  });

  it('passes fetch failures and refusals through, typed', async () => {
    await expect(fetchTokenMetadataDocument(fetcher, `${s.origin}/gone.json`, gateways, '1')).rejects.toMatchObject({
      constructor: FetchFailedError,
      reason: 'status',
      status: 410,
    });
    await expect(fetchTokenMetadataDocument(fetcher, `${s.origin}/to-metadata`, gateways, '1')).rejects.toMatchObject({
      constructor: FetchRefusedError,
      reason: 'address',
    });
    await expect(fetchTokenMetadataDocument(fetcher, 'ftp://example.com/1.json', gateways, '1')).rejects.toMatchObject({
      constructor: FetchRefusedError,
      reason: 'scheme',
    });
    // The default gateway is public; an IPFS URI with the default settings must not reach this server.
    const before = s.connections;
    await expect(fetchTokenMetadataDocument(fetcher, 'ipfs://', undefined, '1')).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(s.connections).toBe(before);
  });
});
