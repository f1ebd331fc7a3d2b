// Token metadata over GraphQL against a real anvil and a local document server: every URI scheme, failures, backoff, bounds, links.
import tls from 'node:tls';
import type { LookupAddress } from 'node:dns';
import { TokenMetadataEntity } from '../../../src/db';
import { createMetadataServices } from '../../../src/domain/metadata-services';
import { bearer } from '../../helpers/server';
import { TEST_CERT, TEST_KEY } from '../web/fixtures/tls-cert';
import { json, startServer } from '../web/local-server';
import { AR_ID, CID, RFC3339_TRIMMED, TOKEN_FIELDS, ZERO_TIME, docFor, gql, startMetadataEnv, waitFor, type MetadataEnv } from './fixtures';

let env: MetadataEnv;
let chainId: number;

beforeAll(async () => {
  env = await startMetadataEnv({ METADATA_MAX_BYTES: String(1024 * 1024) });
  chainId = env.anvil.chainId;
});
afterAll(() => env.stop());

const QUERY = `query($c: String!, $a: String!, $ids: [BigInt!]!) { tokenMetadata(chainId: $c, contractAddress: $a, tokenIds: $ids) { ${TOKEN_FIELDS} } }`;
const tokens = async (address: string, ids: Array<string | number>) => (await gql(env, QUERY, { c: String(chainId), a: address, ids })).tokenMetadata;
const byId = (list: Array<{ tokenId: string }>) => Object.fromEntries(list.map((t) => [t.tokenId, t])) as Record<string, any>;

/** An ERC-721 with token i minted and given uris[i]. */
const erc721With = async (uris: Record<number, string>) => {
  const nft = await env.deploy('TestERC721.sol', ['Metadata Test', 'MDT']);
  for (const [id, uri] of Object.entries(uris)) {
    await (await nft.mint('0x00000000000000000000000000000000000000a1', id)).wait();
    await (await nft.setTokenURI(id, uri)).wait();
  }
  return nft;
};

const expectedDoc = (path: string) => {
  const d = docFor(path);
  return {
    name: d.name,
    description: d.description,
    image: d.image,
    video: '',
    audio: '',
    properties: d.properties,
    attributes: d.attributes,
    imageData: '',
    externalUrl: d.external_url,
    backgroundColor: d.background_color,
    animationUrl: d.animation_url,
    decimals: null,
  };
};

describe('ERC-721 and ERC-1155 metadata through every URI scheme', () => {
  it('fetches http, ipfs (gateway), ar (gateway) and data: (base64, percent-encoded, plain) token URIs', async () => {
    const inline = { name: 'On chain', description: 'data', image: 'data:image/svg+xml;utf8,<svg fill="#000"/>', decimals: 2, attributes: { Color: 'red' } };
    const text = JSON.stringify(inline);
    const nft = await erc721With({
      1: `${env.docs.origin}/t/1.json`,
      2: `ipfs://${CID}/2.json`,
      3: `ar://${AR_ID}/3`,
      4: `data:application/json;base64,${Buffer.from(text).toString('base64')}`,
      5: `data:application/json,${encodeURIComponent(text)}`,
      6: `data:application/json;utf8,${text}`,
    });
    const got = byId(await tokens(nft.address, ['1', 2, '0x3', '4', '5', '6']));
    expect(got['1']).toEqual({
      chainId,
      contractAddress: nft.address,
      tokenId: '1',
      ...expectedDoc('/t/1.json'),
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      status: 'AVAILABLE',
      source: 'CHAIN',
      lastError: null,
      retryAt: null,
    });
    expect(got['2']).toMatchObject({ status: 'AVAILABLE', ...expectedDoc(`/ipfs/${CID}/2.json`) });
    expect(got['3']).toMatchObject({ status: 'AVAILABLE', ...expectedDoc(`/ar/${AR_ID}/3`) });
    for (const id of ['4', '5', '6']) {
      expect(got[id]).toMatchObject({ status: 'AVAILABLE', name: 'On chain', image: inline.image, decimals: 2, attributes: [{ trait_type: 'Color', value: 'red' }] });
    }
    expect(env.docs.hits(`/ipfs/${CID}/2.json`)).toBe(1);
  });

  it('expands {id} of ERC-1155 uri() to 64 hex digits, over http and ipfs', async () => {
    const a = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/m/{id}.json`]);
    const b = await env.deploy('TestERC1155.sol', [`ipfs://${CID}/{id}`]);
    const [ta, tb] = await Promise.all([tokens(a.address, ['255', '1']), tokens(b.address, ['10'])]);
    expect(ta.map((t: any) => [t.tokenId, t.name, t.status])).toEqual([
      ['255', `Doc /m/${'0'.repeat(62)}ff.json`, 'AVAILABLE'],
      ['1', `Doc /m/${'0'.repeat(63)}1.json`, 'AVAILABLE'],
    ]);
    expect(tb[0]).toMatchObject({ name: `Doc /ipfs/${CID}/${'0'.repeat(63)}a`, status: 'AVAILABLE' });
  });

  it('is cached: a second read does not fetch, a refresh does', async () => {
    const nft = await erc721With({ 7: `${env.docs.origin}/cache/7.json` });
    await tokens(nft.address, ['7']);
    await tokens(nft.address, ['7']);
    expect(env.docs.hits('/cache/7.json')).toBe(1);
    await (await nft.setTokenURI(7, `${env.docs.origin}/cache/7-v2.json`)).wait();
    expect((await tokens(nft.address, ['7']))[0].name).toBe('Doc /cache/7.json');
    const refreshed = await gql(env, `mutation($c: String!, $a: String!, $ids: [BigInt!]!) { refreshTokenMetadata(chainId: $c, contractAddress: $a, tokenIds: $ids) { name status } }`, {
      c: 'anvil',
      a: nft.address,
      ids: ['7'],
    });
    expect(refreshed.refreshTokenMetadata).toEqual([{ name: 'Doc /cache/7-v2.json', status: 'AVAILABLE' }]);
  });
});

describe('bad documents and refused hosts are recorded as failed, never a crash', () => {
  let nft: Awaited<ReturnType<typeof erc721With>>;
  const cases: Record<number, { uri: () => string; error: RegExp }> = {
    10: { uri: () => `${env.docs.origin}/bad.json`, error: /is not valid JSON/ },
    11: { uri: () => `${env.docs.origin}/huge.json`, error: /larger than 1048576 bytes/ },
    12: { uri: () => `${env.docs.origin}/to-loopback`, error: /127\.0\.0\.1 is not public \(loopback\)/ },
    13: { uri: () => `${env.docs.origin}/to-metadata`, error: /169\.254\.169\.254 is not public \(linkLocal\)/ },
    // Port 80 is allowed; the name resolves to loopback, so nothing is dialled.
    14: { uri: () => 'http://localhost/private.json', error: /localhost resolves to .*, which is not public \(loopback\)/ },
    15: { uri: () => `${env.docs.origin}/gone.json`, error: /HTTP 410/ },
    16: { uri: () => 'ftp://files.example/16.json', error: /scheme "ftp:" is not supported/ },
    17: { uri: () => `${env.docs.origin}/array.json`, error: /must be a JSON object, got an array/ },
  };

  beforeAll(async () => {
    nft = await erc721With(Object.fromEntries(Object.entries(cases).map(([id, c]) => [id, c.uri()])));
  });

  it('answers every token with status FAILED, the reason, and a retry time a minute ahead', async () => {
    const started = Date.now();
    const got = byId(await tokens(nft.address, [...Object.keys(cases), '99']));
    for (const [id, c] of Object.entries(cases)) {
      expect(got[id]).toMatchObject({ status: 'FAILED', source: 'NONE', name: '', updatedAt: ZERO_TIME, lastError: expect.stringMatching(c.error) });
      const retry = Date.parse(got[id].retryAt);
      expect(retry).toBeGreaterThanOrEqual(started + 59_000);
      expect(retry).toBeLessThan(Date.now() + 61_000);
    }
    // Token 99 was never minted: tokenURI reverts.
    expect(got['99']).toMatchObject({ status: 'FAILED', lastError: 'the contract returned no token URI for this token' });
  });

  it('does not fetch a failed token again before its retry time, then backs off further', async () => {
    const hits = env.docs.hits('/bad.json');
    expect((await tokens(nft.address, ['10']))[0].status).toBe('FAILED');
    expect(env.docs.hits('/bad.json')).toBe(hits);

    const repo = env.server.app.db.getRepository(TokenMetadataEntity);
    await repo.update({ chainId, contract: nft.address, tokenId: '10' }, { retryAt: new Date(Date.now() - 1_000) });
    const [again] = await tokens(nft.address, ['10']);
    expect(env.docs.hits('/bad.json')).toBe(hits + 1);
    expect(again.status).toBe('FAILED');
    expect(Date.parse(again.retryAt) - Date.now()).toBeGreaterThan(110_000); // second failure: 2 minutes
    expect((await repo.findOneByOrFail({ chainId, contract: nft.address, tokenId: '10' })).attempts).toBe(2);

    // Fixed at the source: a refresh ignores the backoff and succeeds.
    await (await nft.setTokenURI(10, `${env.docs.origin}/fixed/10.json`)).wait();
    const refreshed = await gql(env, `mutation($a: String!) { refreshTokenMetadata(chainId: "anvil", contractAddress: $a, tokenIds: ["10"]) { status name lastError retryAt } }`, {
      a: nft.address,
    });
    expect(refreshed.refreshTokenMetadata).toEqual([{ status: 'AVAILABLE', name: 'Doc /fixed/10.json', lastError: null, retryAt: null }]);
  });

  it('answers within the read bound while a slow host is still sending, and lets the fetch finish in the background', async () => {
    const slow = await erc721With({ 20: `${env.docs.origin}/slow/3000/t/20.json`, 21: `${env.docs.origin}/slow/8000/t/21.json` });
    const started = Date.now();
    const first = byId(await tokens(slow.address, ['20', '21']));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2_900);
    expect(first['20']).toMatchObject({ status: 'FETCHING', name: '' });
    expect(first['21']).toMatchObject({ status: 'FETCHING' });

    const done = await waitFor(() => tokens(slow.address, ['20', '21']).then(byId), (m) => m['20'].status === 'AVAILABLE' && m['21'].status === 'FAILED');
    expect(done['20']).toMatchObject({ status: 'AVAILABLE', name: 'Doc /t/20.json' });
    expect(done['21']).toMatchObject({ status: 'FAILED', lastError: expect.stringMatching(/took longer than 4000 ms/) });
  });

  it('records ERC-20 contracts and addresses without code as failed too', async () => {
    const erc20 = await env.deploy('TestERC20.sol', ['Plain', 'PLN', 18]);
    expect((await tokens(erc20.address, ['1']))[0]).toMatchObject({ status: 'FAILED', lastError: 'an ERC-20 contract has no token metadata' });
    expect((await tokens('0x000000000000000000000000000000000000beef', ['1']))[0]).toMatchObject({
      status: 'FAILED',
      lastError: 'no contract is deployed at this address',
    });
  });
});

describe('requests', () => {
  it('batches aliased fields of one request into one lookup (DataLoader) and returns one entry per distinct token', async () => {
    const nft = await erc721With({ 1: `${env.docs.origin}/dl/1.json`, 2: `${env.docs.origin}/dl/2.json` });
    const spy = jest.spyOn(env.server.app.services.tokenMetadata, 'getMany');
    try {
      const d = await gql(
        env,
        `query($a: String!) {
          x: tokenMetadata(chainId: "anvil", contractAddress: $a, tokenIds: ["1", "2", "1"]) { tokenId name }
          y: tokenMetadata(chainId: "anvil", contractAddress: $a, tokenIds: ["2"]) { tokenId name }
        }`,
        { a: nft.address },
      );
      expect(d.x).toEqual([
        { tokenId: '1', name: 'Doc /dl/1.json' },
        { tokenId: '2', name: 'Doc /dl/2.json' },
      ]);
      expect(d.y).toEqual([{ tokenId: '2', name: 'Doc /dl/2.json' }]);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0][0]).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('tokenMetadataBatch: one entry per contract (cases merged), at most 50 contracts × 50 tokens', async () => {
    const a = await erc721With({ 1: `${env.docs.origin}/ba/1.json` });
    const b = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/bb/{id}.json`]);
    const BATCH = `query($c: String!, $m: [ContractTokenIdsInput!]!) { tokenMetadataBatch(chainId: $c, contractTokenMap: $m) { contractAddress tokenMetadata { tokenId name } } }`;
    const d = await gql(env, BATCH, {
      c: String(chainId),
      m: [
        { contractAddress: a.address.toUpperCase().replace('0X', '0x'), tokenIds: ['1'] },
        { contractAddress: b.address, tokenIds: ['3'] },
        { contractAddress: a.address, tokenIds: ['1'] },
      ],
    });
    expect(d.tokenMetadataBatch).toEqual([
      { contractAddress: a.address, tokenMetadata: [{ tokenId: '1', name: 'Doc /ba/1.json' }] },
      { contractAddress: b.address, tokenMetadata: [{ tokenId: '3', name: `Doc /bb/${'0'.repeat(63)}3.json` }] },
    ]);

    const many = Array.from({ length: 51 }, (_, i) => ({ contractAddress: `0x${i.toString(16).padStart(40, '0')}`, tokenIds: ['1'] }));
    const tooMany = await env.server.graphql(BATCH, { c: 'anvil', m: many }, env.key());
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'contractTokenMap' });
    const ids = Array.from({ length: 51 }, (_, i) => String(i));
    const tooLong = await env.server.graphql(BATCH, { c: 'anvil', m: [{ contractAddress: a.address, tokenIds: ids }] }, env.key());
    expect(tooLong.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: `contractTokenMap.${a.address}` });
  });

  it('refuses unknown chains, bad token ids and callers without an access key', async () => {
    const r1 = await env.server.graphql(QUERY, { c: 'mainnet', a: '0x000000000000000000000000000000000000beef', ids: ['1'] }, env.key());
    expect(r1.body.errors[0].extensions).toMatchObject({ code: 'CHAIN_NOT_FOUND', field: 'chainId' });
    const r2 = await env.server.graphql(QUERY, { c: 'anvil', a: '0x000000000000000000000000000000000000beef', ids: ['-1'] }, env.key());
    expect(r2.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'tokenIds[0]' });
    const r3 = await env.server.graphql(QUERY, { c: 'anvil', a: '0x000000000000000000000000000000000000beef', ids: ['1'] });
    expect(r3.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });
});

describe('hosted collections linked to a deployed contract', () => {
  const LINK = `mutation($id: Int!, $a: String!) { linkCollectionContract(collectionId: $id, chainId: "anvil", contractAddress: $a) { chainId contractAddress collectionId createdAt } }`;

  it('answers from the collection once the contract points at it and the owner links it', async () => {
    const owner = env.project;
    const auth = bearer(owner.bearerToken);
    const { createCollection: c } = await gql(env, `mutation { createCollection(input: {name: "Linked"}) { id baseUris { contractMetadataUri } } }`, {}, auth);
    await gql(env, `mutation($id: Int!) { a: createCollectionToken(collectionId: $id, token: {tokenId: "7", name: "Hosted seven", description: "from the collection", image: "https://h.example/7.png", externalUrl: "https://h.example/7", backgroundColor: "#00ff00", properties: {tier: 1}}) { tokenId }
      b: createCollectionToken(collectionId: $id, token: {tokenId: "8", name: "Secret"}, private: true) { tokenId } }`, { id: c.id }, auth);
    const nft = await erc721With({ 7: `${env.docs.origin}/onchain/7.json` });

    // Not pointing at the collection yet: refused.
    const refused = await env.server.graphql(LINK, { id: c.id, a: nft.address }, auth);
    expect(refused.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
    await (await nft.setContractURI(c.baseUris.contractMetadataUri)).wait();
    const other = await env.server.createProject('someone else');
    const intruder = await env.server.graphql(LINK, { id: c.id, a: nft.address }, bearer(other.bearerToken));
    expect(intruder.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');

    const linked = (await gql(env, LINK, { id: c.id, a: nft.address }, auth)).linkCollectionContract;
    expect(linked).toEqual({ chainId, contractAddress: nft.address, collectionId: c.id, createdAt: expect.stringMatching(RFC3339_TRIMMED) });
    const listed = await gql(env, `query($id: Int!) { collection(collectionId: $id) { linkedContracts { contractAddress } } }`, { id: c.id }, auth);
    expect(listed.collection.linkedContracts).toEqual([{ contractAddress: nft.address }]);

    const got = byId(await tokens(nft.address, ['7', '8', '9']));
    expect(got['7']).toMatchObject({
      status: 'AVAILABLE',
      source: 'COLLECTION',
      name: 'Hosted seven',
      description: 'from the collection',
      image: 'https://h.example/7.png',
      externalUrl: 'https://h.example/7',
      backgroundColor: '00ff00',
      properties: { tier: 1 },
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
    });
    expect(got['8']).toMatchObject({ status: 'NOT_AVAILABLE', name: '' });
    expect(got['9']).toMatchObject({ status: 'NOT_AVAILABLE' });
    expect(env.docs.hits('/onchain/7.json')).toBe(0);

    // Media uploaded for the hosted token: the document points at it and its metadata lists it, over GraphQL and RPC.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const put = await fetch(`${env.server.url}/projects/${owner.projectId}/collections/${c.id}/tokens/7/assets/image?filename=seven.gif`, {
      method: 'PUT',
      headers: auth,
      body: new Uint8Array(gif),
    });
    expect(put.status).toBe(201);
    const asset = await put.json();
    const withAsset = (await gql(env, `query($a: String!) { tokenMetadata(chainId: "anvil", contractAddress: $a, tokenIds: ["7"]) { image assets { id url mimeType width height } } }`, { a: nft.address })).tokenMetadata[0];
    expect(withAsset).toEqual({ image: asset.url, assets: [{ id: asset.id, url: asset.url, mimeType: 'image/gif', width: 1, height: 1 }] });
    const rpc = await env.server.rpc('Metadata/GetTokenMetadata', { chainID: 'anvil', contractAddress: nft.address, tokenIDs: ['7'] }, env.key());
    expect(rpc.body.tokenMetadata[0].assets).toEqual([
      { id: asset.id, collectionId: c.id, metadataField: 'image', tokenId: '7', url: asset.url, filename: 'seven.gif', filesize: gif.length, mimeType: 'image/gif', width: 1, height: 1, updatedAt: asset.updatedAt },
    ]);

    const unlinked = await gql(env, `mutation($id: Int!, $a: String!) { unlinkCollectionContract(collectionId: $id, chainId: "anvil", contractAddress: $a) }`, { id: c.id, a: nft.address }, auth);
    expect(unlinked.unlinkCollectionContract).toBe(true);
    expect((await tokens(nft.address, ['7']))[0]).toMatchObject({ source: 'CHAIN', name: 'Doc /onchain/7.json' });
  });
});

describe('https and DNS, through the Metadata services with a test CA and resolver', () => {
  it('fetches over TLS with the host name checked, and refuses a name that resolves to a private address', async () => {
    const context = tls.createSecureContext({ cert: TEST_CERT, key: TEST_KEY });
    const secure = await startServer((req, res) => json(res, { name: `TLS ${req.url}` }), { cert: TEST_CERT, key: TEST_KEY, SNICallback: (_n, cb) => cb(null, context) });
    const app = env.server.app;
    const lookup = async (host: string): Promise<LookupAddress[]> =>
      host === 'meta.strata.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.7', family: 4 }];
    const m = createMetadataServices({
      config: { ...app.config, metadata: { ...app.config.metadata, allowHosts: [`meta.strata.test:${secure.port}`] } },
      db: app.db,
      registry: app.registry,
      auth: app.services.auth,
      chains: app.services.chains,
      collections: app.services.collections,
      fetchPolicy: { extraCaCerts: [TEST_CERT], lookup, allowedPorts: [80, 443, secure.port] },
    });
    try {
      const nft = await erc721With({ 30: `https://meta.strata.test:${secure.port}/t/30.json`, 31: `https://internal.example:${secure.port}/t/31.json` });
      const [ok, refused] = await m.tokenMetadata.getMany([
        { chainId, contract: nft.address, tokenId: '30' },
        { chainId, contract: nft.address, tokenId: '31' },
      ]);
      expect(ok).toMatchObject({ status: 'AVAILABLE', name: 'TLS /t/30.json' });
      expect(refused).toMatchObject({ status: 'FAILED', lastError: expect.stringMatching(/internal\.example resolves to 10\.0\.0\.7, which is not public \(private\)/) });
      expect(secure.requests.map((r) => r.path)).toEqual(['/t/30.json']);
    } finally {
      await m.tokenMetadata.close();
      await secure.close();
    }
  });
});
