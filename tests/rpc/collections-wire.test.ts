// Collections RPC over raw HTTP: every reply field checked against service-interface.md and the wire notes.
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import {
  RFC3339_TRIMMED,
  UINT256_MAX,
  ZERO_TIME,
  createCollection,
  createToken,
  readToken,
  type Project,
} from './collections-fixtures';

let server: TestServer;
let owner: Project;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createProject('wire owner');
});
afterAll(() => server.stop());

const rpcOk = async (route: string, body: unknown, headers: Record<string, string> = bearer(owner.bearerToken)) => {
  const r = await server.rpc(route, body, headers);
  if (r.status !== 200) throw new Error(`${route} answered ${r.status}: ${JSON.stringify(r.body)}`);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('webrpc')).toBeTruthy();
  return r.body;
};

const baseURIs = (projectId: number, id: number) => ({
  contractMetadataURI: `http://strata.test/projects/${projectId}/collections/${id}.json`,
  tokenMetadataURI: `http://strata.test/projects/${projectId}/collections/${id}/tokens/`,
});

describe('ListCollections and GetCollection', () => {
  let p: Project;
  let full: { id: number; createdAt: string; updatedAt: string };
  let bare: { id: number; createdAt: string; updatedAt: string };

  beforeAll(async () => {
    p = await server.createProject('two collections');
    full = await createCollection(server, p, {
      name: 'Gems',
      description: 'shiny things',
      image: 'https://img.example/gems.png',
      externalLink: 'https://gems.example',
      properties: { zeta: 1, Alpha: 'upper', alpha: 'x', mid: true },
    });
    bare = await createCollection(server, p, { name: 'Bare', private: true });
    await createToken(server, p, full.id, { tokenId: '1', name: 'one' });
    await createToken(server, p, full.id, { tokenId: UINT256_MAX, name: 'max' });
  });

  const expectedFull = () => ({
    id: full.id,
    projectId: p.projectId,
    metadata: {
      name: 'Gems',
      description: 'shiny things',
      image: 'https://img.example/gems.png',
      external_link: 'https://gems.example',
      properties: { Alpha: 'upper', alpha: 'x', mid: true, zeta: 1 },
    },
    private: false,
    tokenCount: 2,
    createdAt: full.createdAt,
    updatedAt: full.updatedAt,
    baseURIs: baseURIs(p.projectId, full.id),
  });
  const expectedBare = () => ({
    id: bare.id,
    projectId: p.projectId,
    metadata: { name: 'Bare', description: '' },
    private: true,
    tokenCount: 0,
    createdAt: bare.createdAt,
    updatedAt: bare.updatedAt,
    baseURIs: baseURIs(p.projectId, bare.id),
  });

  it('ListCollections replies {page: {pageSize: 30, more: false}, collections} with every Collection field', async () => {
    const body = await rpcOk('Collections/ListCollections', { projectId: p.projectId }, bearer(p.bearerToken));
    expect(Object.keys(body).sort()).toEqual(['collections', 'page']);
    expect(body.page).toEqual({ pageSize: 30, more: false });
    expect(body.collections).toEqual([expectedFull(), expectedBare()]);

    const [c, b] = body.collections;
    // Properties come back with their keys in alphabetical (code point) order, as Go maps marshal.
    expect(Object.keys(c.metadata.properties)).toEqual(['Alpha', 'alpha', 'mid', 'zeta']);
    // Unset optional metadata is omitted, not null; the spelling is the published `external_link`.
    expect(b.metadata).not.toHaveProperty('image');
    expect(b.metadata).not.toHaveProperty('external_link');
    expect(b.metadata).not.toHaveProperty('properties');
    expect(c.metadata).not.toHaveProperty('externalLink');
    for (const x of [c, b]) {
      expect(x.createdAt).toMatch(RFC3339_TRIMMED);
      expect(x.updatedAt).toMatch(RFC3339_TRIMMED);
      expect(Math.abs(Date.parse(x.createdAt) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('GetCollection replies {collection} with the same fields; projectId may be omitted or null', async () => {
    for (const req of [
      { projectId: p.projectId, collectionId: full.id },
      { collectionId: full.id },
      { projectId: null, collectionId: full.id },
    ]) {
      const body = await rpcOk('Collections/GetCollection', req, bearer(p.bearerToken));
      expect(body).toEqual({ collection: expectedFull() });
    }
    const b = await rpcOk('Collections/GetCollection', { collectionId: bare.id }, bearer(p.bearerToken));
    expect(b).toEqual({ collection: expectedBare() });
  });

  it('accepts null fields and unknown keys, as Go clients and newer clients send them', async () => {
    const listed = await rpcOk('Collections/ListCollections', { projectId: null, page: null, filter: { x: 1 }, extra: 'ignored' }, bearer(p.bearerToken));
    expect(listed.collections.map((c: { id: number }) => c.id)).toEqual([full.id, bare.id]);
    const got = await rpcOk('Collections/GetCollection', { collectionId: full.id, projectId: p.projectId, revealKey: null, somethingNew: [1, 2] }, bearer(p.bearerToken));
    expect(got.collection.id).toBe(full.id);
    // An empty body is the empty request: the caller's own project.
    const empty = await server.rpc('Collections/ListCollections', '', bearer(p.bearerToken));
    expect(empty.status).toBe(200);
    expect(empty.body.collections).toHaveLength(2);
  });

  it('matches the Bearer scheme case-insensitively', async () => {
    for (const scheme of ['Bearer', 'BEARER', 'bearer', 'bEaReR']) {
      const body = await rpcOk('Collections/GetCollection', { collectionId: full.id }, { Authorization: `${scheme} ${p.bearerToken}` });
      expect(body.collection.id).toBe(full.id);
    }
  });
});

describe('ListCollections paging', () => {
  let p: Project;
  let ids: number[];

  beforeAll(async () => {
    p = await server.createProject('many collections');
    ids = [];
    for (let i = 0; i < 31; i++) ids.push((await createCollection(server, p, { name: `c${i}` })).id);
  });

  it('pages 31 collections as 30 + 1, the first reply naming page 2; the echoed page object is accepted', async () => {
    const first = await rpcOk('Collections/ListCollections', {}, bearer(p.bearerToken));
    expect(first.page).toEqual({ page: 2, pageSize: 30, more: true });
    expect(first.collections).toHaveLength(30);

    // Clients send the whole reply page back as the next request's page.
    const second = await rpcOk('Collections/ListCollections', { projectId: p.projectId, page: first.page }, bearer(p.bearerToken));
    expect(second.page).toEqual({ pageSize: 30, more: false });
    expect(second.collections).toHaveLength(1);

    const seen = [...first.collections, ...second.collections].map((c: { id: number }) => c.id);
    expect(seen).toHaveLength(31);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('walks small pages until `more` is false, every row once', async () => {
    const seen: number[] = [];
    let page: Record<string, unknown> | null = { pageSize: 7 };
    let calls = 0;
    while (page) {
      const body: any = await rpcOk('Collections/ListCollections', { page }, bearer(p.bearerToken));
      calls++;
      expect(body.page.pageSize).toBe(7);
      seen.push(...body.collections.map((c: { id: number }) => c.id));
      if (body.page.more) {
        expect(body.page.page).toBe(calls + 1);
        page = body.page;
      } else {
        expect(body.page).toEqual({ pageSize: 7, more: false });
        page = null;
      }
    }
    expect(calls).toBe(5);
    expect(seen).toEqual(ids);
  });

  it('clamps a larger pageSize to 100 and answers a page past the end with no rows', async () => {
    const big = await rpcOk('Collections/ListCollections', { page: { pageSize: 5000 } }, bearer(p.bearerToken));
    expect(big.page).toEqual({ pageSize: 100, more: false });
    expect(big.collections).toHaveLength(31);
    const past = await rpcOk('Collections/ListCollections', { page: { page: 9, pageSize: 30 } }, bearer(p.bearerToken));
    expect(past).toEqual({ page: { pageSize: 30, more: false }, collections: [] });
  });
});

describe('UpdateToken', () => {
  let collectionId: number;

  beforeAll(async () => {
    collectionId = (await createCollection(server, owner, { name: 'Tokens' })).id;
    for (const tokenId of ['201', '202', '203', '204', '205', UINT256_MAX]) {
      await createToken(server, owner, collectionId, { tokenId, name: `token ${tokenId}`, description: 'initial' });
    }
  });

  it('replies the token as recorded (with the source and status the recorded reply predates): image "", attributes null, properties sorted, zero updatedAt', async () => {
    const body = await rpcOk('Collections/UpdateToken', {
      projectId: owner.projectId,
      collectionId,
      tokenId: '201',
      private: false,
      token: { tokenId: '201', name: 'Renamed', description: 'new text', properties: { zeta: 'z', alpha: 1, Mid: true } },
    });
    expect(body).toEqual({
      token: {
        tokenId: '201',
        source: 'SEQUENCE_BUILDER_COLLECTIONS',
        status: 'AVAILABLE',
        name: 'Renamed',
        description: 'new text',
        image: '',
        properties: { Mid: true, alpha: 1, zeta: 'z' },
        attributes: null,
        updatedAt: ZERO_TIME,
      },
    });
    expect(Object.keys(body.token.properties)).toEqual(['Mid', 'alpha', 'zeta']);

    const stored = await readToken(server, owner, collectionId, '201');
    expect(stored).toMatchObject({ name: 'Renamed', description: 'new text', image: '', properties: { Mid: true, alpha: 1, zeta: 'z' }, attributes: null, private: false });
    // The reply carries the zero time, but the row does record when it changed.
    expect(stored.updatedAt).toMatch(RFC3339_TRIMMED);
    expect(stored.updatedAt).not.toBe(ZERO_TIME);
  });

  it('accepts the published snake_case spellings and replies both spellings with the same values', async () => {
    const body = await rpcOk('Collections/UpdateToken', {
      collectionId,
      tokenId: '202',
      token: {
        tokenId: '202',
        name: 'Snake',
        image: 'https://img.example/202.png',
        image_data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        external_url: 'https://example.com/202',
        background_color: 'ff00aa',
        animation_url: 'https://anim.example/202.mp4',
        attributes: [{ trait_type: 'size', value: 3 }, { display_type: 'number', trait_type: 'level', value: 7 }],
      },
    });
    expect(body.token).toEqual({
      tokenId: '202',
      source: 'SEQUENCE_BUILDER_COLLECTIONS',
      status: 'AVAILABLE',
      name: 'Snake',
      description: 'initial',
      image: 'https://img.example/202.png',
      properties: null,
      attributes: [{ trait_type: 'size', value: 3 }, { display_type: 'number', trait_type: 'level', value: 7 }],
      image_data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      imageData: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      external_url: 'https://example.com/202',
      externalUrl: 'https://example.com/202',
      background_color: 'ff00aa',
      backgroundColor: 'ff00aa',
      animation_url: 'https://anim.example/202.mp4',
      animationUrl: 'https://anim.example/202.mp4',
      updatedAt: ZERO_TIME,
    });
    const stored = await readToken(server, owner, collectionId, '202');
    expect(stored).toMatchObject({
      imageData: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      externalUrl: 'https://example.com/202',
      backgroundColor: 'ff00aa',
      animationUrl: 'https://anim.example/202.mp4',
    });
  });

  it('accepts the specification camelCase spellings too, and video/audio/decimals', async () => {
    const body = await rpcOk('Collections/UpdateToken', {
      collectionId,
      tokenId: '203',
      token: {
        imageData: 'data:image/svg+xml;base64,PHN2Zy8+',
        externalUrl: 'https://example.com/203',
        backgroundColor: '#00ff00',
        animationUrl: 'ipfs://anim203',
        video: 'https://video.example/203.mp4',
        audio: 'https://audio.example/203.mp3',
        decimals: 0,
      },
    });
    expect(body.token).toEqual({
      tokenId: '203',
      source: 'SEQUENCE_BUILDER_COLLECTIONS',
      status: 'AVAILABLE',
      name: 'token 203',
      description: 'initial',
      image: '',
      video: 'https://video.example/203.mp4',
      audio: 'https://audio.example/203.mp3',
      properties: null,
      attributes: null,
      image_data: 'data:image/svg+xml;base64,PHN2Zy8+',
      imageData: 'data:image/svg+xml;base64,PHN2Zy8+',
      external_url: 'https://example.com/203',
      externalUrl: 'https://example.com/203',
      background_color: '#00ff00',
      backgroundColor: '#00ff00',
      animation_url: 'ipfs://anim203',
      animationUrl: 'ipfs://anim203',
      decimals: 0,
      updatedAt: ZERO_TIME,
    });
  });

  it('takes the project from the bearer token, accepts a numeric tokenId, nulls and unknown keys', async () => {
    const body = await rpcOk('Collections/UpdateToken', {
      projectId: null,
      collectionId,
      tokenId: 204,
      private: null,
      futureField: { anything: true },
      token: {
        tokenId: null,
        name: null,
        description: 'changed',
        image: null,
        video: null,
        properties: null,
        attributes: null,
        image_data: null,
        external_url: null,
        decimals: null,
        // Fields of the current TokenMetadata that an update has no use for.
        source: '',
        status: 'NOT_AVAILABLE',
        queuedAt: null,
        updatedAt: '2024-01-01T00:00:00Z',
        chainId: 1,
        contractAddress: '0xABCDEF0000000000000000000000000000000001',
        assets: null,
      },
    });
    // `null` means absent: the name is kept, only the description changed.
    expect(body.token).toEqual({
      tokenId: '204',
      source: 'SEQUENCE_BUILDER_COLLECTIONS',
      status: 'AVAILABLE',
      name: 'token 204',
      description: 'changed',
      image: '',
      properties: null,
      attributes: null,
      updatedAt: ZERO_TIME,
    });
    expect(await readToken(server, owner, collectionId, '204')).toMatchObject({ name: 'token 204', description: 'changed', private: false });
  });

  it('sets the private flag and addresses a token by the largest uint256', async () => {
    const body = await rpcOk('Collections/UpdateToken', { collectionId, tokenId: UINT256_MAX, private: true, token: { tokenId: UINT256_MAX, name: 'hidden' } });
    expect(body.token).toMatchObject({ tokenId: UINT256_MAX, name: 'hidden', updatedAt: ZERO_TIME });
    expect(await readToken(server, owner, collectionId, UINT256_MAX)).toMatchObject({ name: 'hidden', private: true });
    // An empty token changes nothing but is accepted.
    const again = await rpcOk('Collections/UpdateToken', { collectionId, tokenId: UINT256_MAX, token: {} });
    expect(again.token).toMatchObject({ tokenId: UINT256_MAX, name: 'hidden' });
    expect(await readToken(server, owner, collectionId, UINT256_MAX)).toMatchObject({ private: true });
  });

  it('matches the Bearer scheme case-insensitively', async () => {
    for (const [i, scheme] of ['Bearer', 'BEARER', 'bearer'].entries()) {
      const body = await rpcOk(
        'Collections/UpdateToken',
        { collectionId, tokenId: '205', token: { name: `via ${scheme}` } },
        { Authorization: `${scheme} ${owner.bearerToken}` },
      );
      expect(body.token.name).toBe(`via ${scheme}`);
      expect((await readToken(server, owner, collectionId, '205')).name).toBe(`via ${['Bearer', 'BEARER', 'bearer'][i]}`);
    }
  });
});
