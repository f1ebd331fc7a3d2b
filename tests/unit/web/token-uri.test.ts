import { resolveTokenUri, expandErc1155Id, decodeDataUri } from '../../../src/web/token-uri';
import { FetchRefusedError, InvalidDocumentError } from '../../../src/web/errors';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const CIDV1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const AR = 'LBd5oC6VzaqfL1OkUvDzVKfaZSW2Ifo7XThhN44KEXQ';

describe('resolveTokenUri', () => {
  it.each([
    ['https://example.com/token/1.json', 'https://example.com/token/1.json'],
    ['http://example.com/1', 'http://example.com/1'],
    ['  HTTPS://Example.COM/a?b=1#frag  ', 'https://example.com/a?b=1#frag'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
  ])('keeps http(s) %s', (uri, url) => {
    expect(resolveTokenUri(uri)).toEqual({ kind: 'http', url });
  });

  it.each([
    [`ipfs://${CID}`, `https://ipfs.io/ipfs/${CID}`],
    [`ipfs://${CID}/1.json`, `https://ipfs.io/ipfs/${CID}/1.json`],
    [`ipfs://${CIDV1}/meta/7`, `https://ipfs.io/ipfs/${CIDV1}/meta/7`],
    [`ipfs://ipfs/${CID}`, `https://ipfs.io/ipfs/${CID}`],
    [`ipfs://ipfs/${CID}/a/b.json`, `https://ipfs.io/ipfs/${CID}/a/b.json`],
    [`IPFS://${CID}/x`, `https://ipfs.io/ipfs/${CID}/x`],
    [`ipfs:${CID}`, `https://ipfs.io/ipfs/${CID}`],
    [`ipfs://${CID}?filename=a.json`, `https://ipfs.io/ipfs/${CID}?filename=a.json`],
  ])('maps %s through the default IPFS gateway', (uri, url) => {
    expect(resolveTokenUri(uri)).toEqual({ kind: 'http', url });
  });

  it('keeps the CID case (CIDv0 is base58)', () => {
    const r = resolveTokenUri(`ipfs://${CID}`);
    expect(r.kind === 'http' && r.url.includes(CID)).toBe(true);
  });

  it('uses configured gateways, with or without a trailing slash', () => {
    const gw = { ipfsGateway: 'https://gw.example/ipfs', arweaveGateway: 'http://127.0.0.1:9999/ar/' };
    expect(resolveTokenUri(`ipfs://${CID}/1`, gw)).toEqual({ kind: 'http', url: `https://gw.example/ipfs/${CID}/1` });
    expect(resolveTokenUri(`ar://${AR}/2`, gw)).toEqual({ kind: 'http', url: `http://127.0.0.1:9999/ar/${AR}/2` });
    expect(resolveTokenUri(`ar://${AR}`, { ipfsGateway: undefined })).toEqual({ kind: 'http', url: `https://arweave.net/${AR}` });
  });

  it('maps ar:// through the default Arweave gateway', () => {
    expect(resolveTokenUri(`ar://${AR}`)).toEqual({ kind: 'http', url: `https://arweave.net/${AR}` });
    expect(resolveTokenUri(`ar://${AR}/7.json`)).toEqual({ kind: 'http', url: `https://arweave.net/${AR}/7.json` });
  });

  it.each(['ipfs://', 'ipfs://ipfs/', 'ipfs:///x', 'ipfs://Qm..evil/x', 'ar://', 'ar://bad id', 'ipfs://@evil.com/x'])(
    'rejects malformed %s',
    (uri) => {
      expect(() => resolveTokenUri(uri)).toThrow(InvalidDocumentError);
    },
  );

  it.each(['ftp://example.com/a', 'file:///etc/passwd', 'gopher://x/1', 'javascript:alert(1)', 'example.com/1.json', Qm()])(
    'refuses scheme of %s',
    (uri) => {
      const err = catchErr(() => resolveTokenUri(uri));
      expect(err).toBeInstanceOf(FetchRefusedError);
      expect((err as FetchRefusedError).reason).toBe('scheme');
    },
  );

  it('refuses a gateway that is not http(s)', () => {
    expect(() => resolveTokenUri(`ipfs://${CID}`, { ipfsGateway: 'file:///tmp/' })).toThrow(FetchRefusedError);
  });

  it('rejects empty URIs, control characters and broken URLs', () => {
    expect(() => resolveTokenUri('')).toThrow(/empty/);
    expect(() => resolveTokenUri('   ')).toThrow(InvalidDocumentError);
    expect(() => resolveTokenUri('https://example.com/a\r\nX-Injected: 1')).toThrow(/control characters/);
    expect(() => resolveTokenUri('https://')).toThrow(InvalidDocumentError);
    expect(() => resolveTokenUri('http://exa mple.com/')).toThrow(InvalidDocumentError);
  });

  describe('data: URIs', () => {
    const json = '{"name":"Token #1","description":"100% on-chain ✓","image":"data:image/svg+xml;utf8,<svg fill=\\"#fff\\"/>"}';
    const b64 = Buffer.from(json, 'utf8').toString('base64');

    it('decodes base64 JSON', () => {
      expect(resolveTokenUri(`data:application/json;base64,${b64}`)).toEqual({ kind: 'data', mediaType: 'application/json', body: json });
    });
    it('decodes base64 with whitespace, URL-safe alphabet, missing padding and escaped "="', () => {
      const raw = Buffer.from('{"a":"~~~>>>???"}').toString('base64');
      expect(raw).toMatch(/[+/]/);
      const urlSafe = raw.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      expect(decodeDataUri(`data:application/json;base64,${urlSafe}`).body).toBe('{"a":"~~~>>>???"}');
      expect(decodeDataUri(`data:application/json;base64,${raw.slice(0, 8)}\n${raw.slice(8)}`).body).toBe('{"a":"~~~>>>???"}');
      const padded = Buffer.from('{"a":1}').toString('base64');
      expect(padded.endsWith('=')).toBe(true);
      expect(decodeDataUri(`data:application/json;base64,${padded.replace(/=/g, '%3D')}`).body).toBe('{"a":1}');
    });
    it('takes the ;utf8 parameter and unescaped JSON, keeping "#" and a lone "%"', () => {
      expect(resolveTokenUri(`data:application/json;utf8,${json}`)).toEqual({ kind: 'data', mediaType: 'application/json', body: json });
      expect(resolveTokenUri(`data:application/json;charset=utf-8,${json}`)).toMatchObject({ body: json });
    });
    it('percent-decodes, including multi-byte UTF-8', () => {
      expect(resolveTokenUri(`data:application/json,${encodeURIComponent(json)}`)).toEqual({ kind: 'data', mediaType: 'application/json', body: json });
      expect(decodeDataUri('data:text/plain,caf%C3%A9%20%E2%9C%93 ok').body).toBe('café ✓ ok');
    });
    it('keeps pretty-printed JSON with newlines', () => {
      expect(decodeDataUri('data:application/json,{\n  "a": 1\n}').body).toBe('{\n  "a": 1\n}');
    });
    it('defaults the media type and lower-cases it', () => {
      expect(decodeDataUri('data:,hello')).toEqual({ kind: 'data', mediaType: 'text/plain', body: 'hello' });
      expect(decodeDataUri('DATA:Application/JSON;BASE64,e30=')).toEqual({ kind: 'data', mediaType: 'application/json', body: '{}' });
      expect(decodeDataUri('data:;base64,aGk=')).toMatchObject({ mediaType: 'text/plain', body: 'hi' });
    });
    it.each([
      ['data:application/json;base64', 'no comma'],
      ['data:application/json;base64,e30=!!', 'bad base64 characters'],
      ['data:application/json;base64,e30=e30=', 'padding in the middle'],
      ['data:application/json;base64,abcde', 'impossible length'],
      ['data:app lication/json,{}', 'bad media type'],
      ['data:json,{}', 'media type without subtype'],
    ])('rejects %s (%s)', (uri) => {
      expect(() => resolveTokenUri(uri)).toThrow(InvalidDocumentError);
    });
  });
});

describe('expandErc1155Id', () => {
  it('replaces every {id} with 64 lower-case hex digits', () => {
    expect(expandErc1155Id('https://x.io/{id}.json', 1n)).toBe(`https://x.io/${'0'.repeat(63)}1.json`);
    expect(expandErc1155Id('ipfs://cid/{id}/{id}', 0xabcn)).toBe(`ipfs://cid/${'0'.repeat(61)}abc/${'0'.repeat(61)}abc`);
    expect(expandErc1155Id('https://x.io/{id}', 0n)).toBe(`https://x.io/${'0'.repeat(64)}`);
    const max = (1n << 256n) - 1n;
    expect(expandErc1155Id('{id}', max)).toBe('f'.repeat(64));
  });
  it('leaves other braces and URIs without {id} alone', () => {
    expect(expandErc1155Id('https://x.io/{ID}/{idx}/1', 5n)).toBe('https://x.io/{ID}/{idx}/1');
  });
  it('rejects ids outside uint256', () => {
    expect(() => expandErc1155Id('{id}', -1n)).toThrow(RangeError);
    expect(() => expandErc1155Id('{id}', 1n << 256n)).toThrow(RangeError);
  });
});

function Qm() {
  return 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
}
function catchErr(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}
