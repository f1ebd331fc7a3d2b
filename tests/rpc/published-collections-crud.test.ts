// Every create/update/delete method of the published @0xsequence/metadata@2.3.43 `Collections` class, unchanged,
// against the real server (and a real anvil for contract collections): shapes, project isolation, bad input, and
// publishing deciding what the hosted document URLs serve.
import {
  ChainNotFoundError,
  Collections,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RequestConflictError,
  ResourceStatus,
  SequenceMetadata,
  UnauthorizedError,
  type Collection,
  type TokenMetadata,
  type WebrpcError,
} from '@0xsequence/metadata';
import type { Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { deployContract } from '../helpers/solidity';
import { RFC3339_TRIMMED, type Project } from './collections-fixtures';

let anvil: Anvil;
let server: TestServer;
let owner: Project;
let other: Project;
let rpc: Collections;

beforeAll(async () => {
  anvil = await startAnvil();
  server = await startTestServer({ CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}` });
  owner = await server.createProject('crud owner');
  other = await server.createProject('crud other');
  // The generated class exactly as published; credentials go in each call's headers, as its signature allows.
  rpc = new Collections(server.url, fetch);
});
afterAll(async () => {
  await server.stop();
  await anvil.stop();
});

const as = (p: Project) => bearer(p.bearerToken);
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

/** The client's Collection object for a new collection (its type requires id, projectId and private). */
const newCollection = (name: string, extra: Partial<Collection['metadata']> = {}, isPrivate = false): Collection => ({
  id: 0,
  projectId: 0,
  private: isPrivate,
  metadata: { name, ...extra },
});

/** The client's TokenMetadata type requires source, status and attributes; a typed caller sends them. */
const tokenOf = (tokenId: string, fields: Partial<TokenMetadata> = {}): TokenMetadata => ({
  tokenId,
  name: `Token ${tokenId}`,
  source: '',
  status: ResourceStatus.NOT_AVAILABLE,
  attributes: [],
  ...fields,
});

/** A hosted document URL (PUBLIC_URL is http://strata.test) read from the running server. */
const served = async (url: string) => {
  const res = await fetch(url.replace('http://strata.test', server.url));
  const json = res.status === 200 && res.headers.get('content-type')?.startsWith('application/json');
  return { status: res.status, body: json ? await res.json() : null };
};

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const upload = async (p: Project, collectionId: number, tokenId: string, field: string, filename: string) => {
  const res = await fetch(`${server.url}/projects/${p.projectId}/collections/${collectionId}/tokens/${tokenId}/assets/${field}?filename=${filename}`, {
    method: 'PUT',
    headers: as(p),
    body: new Uint8Array(GIF),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; url: string };
};

describe('collections', () => {
  it('creates, reads, updates and deletes a collection, with the client’s Collection shape', async () => {
    const { collection } = await rpc.createCollection(
      { projectId: owner.projectId, collection: newCollection('Shells', { description: 'from the sea', external_link: 'https://shells.example', properties: { b: 2, a: 'x' } }) },
      as(owner),
    );
    const base = `http://strata.test/projects/${owner.projectId}/collections/${collection.id}`;
    expect(collection).toEqual({
      id: expect.any(Number),
      projectId: owner.projectId,
      metadata: { name: 'Shells', description: 'from the sea', external_link: 'https://shells.example', properties: { a: 'x', b: 2 } },
      private: false,
      tokenCount: 0,
      createdAt: expect.stringMatching(RFC3339_TRIMMED),
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      baseURIs: { contractMetadataURI: `${base}.json`, tokenMetadataURI: `${base}/tokens/` },
    });
    expect((await rpc.getCollection({ collectionId: collection.id }, as(owner))).collection).toEqual(collection);

    // The client sends the whole Collection back with its changes.
    const changed = { ...collection, metadata: { ...collection.metadata, name: 'Sea shells', description: 'renamed' } };
    const { collection: updated } = await rpc.updateCollection({ collection: changed }, as(owner));
    expect(updated).toMatchObject({ id: collection.id, metadata: { name: 'Sea shells', description: 'renamed', external_link: 'https://shells.example' } });
    // GraphQL reads what the RPC wrote: one service behind both.
    const viaGraphql = await server.graphql(`query($id: Int!) { collection(collectionId: $id) { metadata { name } } }`, { id: collection.id }, as(owner));
    expect(viaGraphql.body.data.collection.metadata.name).toBe('Sea shells');

    expect(await rpc.deleteCollection({ collectionId: collection.id }, as(owner))).toEqual({ status: true });
    const gone = await rejectionOf(rpc.getCollection({ collectionId: collection.id }, as(owner)));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ code: 3000, status: 400 });
    expect(await served(`${base}.json`)).toEqual({ status: 404, body: null });
  });

  it('refuses bad input with InvalidArgument naming the field, and a missing bearer token with Unauthorized', async () => {
    const blank = await rejectionOf(rpc.createCollection({ collection: newCollection('  ') }, as(owner)));
    expect(blank).toBeInstanceOf(InvalidArgumentError);
    expect(blank).toMatchObject({ code: 2001, status: 400, message: expect.stringMatching(/^metadata\.name\b/) });

    const badLink = await rejectionOf(rpc.createCollection({ collection: newCollection('Links', { external_link: 'javascript:alert(1)' }) }, as(owner)));
    expect(badLink).toMatchObject({ code: 2001, message: expect.stringMatching(/^metadata\.external_link\b/) });

    const missing = await rejectionOf(rpc.createCollection({} as never, as(owner)));
    expect(missing).toBeInstanceOf(InvalidArgumentError);
    expect(missing.message).toMatch(/^collection\b.*is required/);

    const noId = await rejectionOf(rpc.deleteCollection({ collectionId: 'seven' as never }, as(owner)));
    expect(noId).toMatchObject({ code: 2001, message: expect.stringMatching(/^collectionId\b/) });

    const anonymous = await rejectionOf(rpc.createCollection({ collection: newCollection('Nobody') }));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
    expect(anonymous).toMatchObject({ code: 1000, status: 401 });
  });
});

describe('publishing decides what the hosted document URLs serve', () => {
  it('unpublish hides the collection’s documents and files; publish serves them again, recursive publishes private tokens', async () => {
    const { collection } = await rpc.createCollection({ collection: newCollection('Published') }, as(owner));
    const id = collection.id;
    await rpc.createToken({ collectionId: id, token: tokenOf('1', { description: 'public one' }) }, as(owner));
    await rpc.createToken({ collectionId: id, token: tokenOf('2'), private: true }, as(owner));
    const file = await upload(owner, id, '1', 'image', 'one.gif');
    const { contractMetadataURI: contractDoc, tokenMetadataURI: tokens } = collection.baseURIs!;

    expect(await served(contractDoc)).toEqual({ status: 200, body: { name: 'Published', description: '', image: '', external_link: '' } });
    expect(await served(`${tokens}1`)).toMatchObject({ status: 200, body: { name: 'Token 1', description: 'public one', image: file.url } });
    expect((await served(`${tokens}2`)).status).toBe(404);
    expect((await served(file.url)).status).toBe(200);

    const { collection: hidden } = await rpc.unpublishCollection({ collectionId: id }, as(owner));
    expect(hidden).toMatchObject({ id, private: true, tokenCount: 2 });
    for (const url of [contractDoc, `${contractDoc.replace(/\.json$/, '')}`, `${tokens}1`, `${tokens}1.json`, file.url]) {
      expect({ url, status: (await served(url)).status }).toEqual({ url, status: 404 });
    }

    const { collection: shown } = await rpc.publishCollection({ collectionId: id }, as(owner));
    expect(shown).toMatchObject({ id, private: false });
    expect((await served(contractDoc)).status).toBe(200);
    expect((await served(`${tokens}1`)).status).toBe(200);
    expect((await served(file.url)).status).toBe(200);
    // Not recursive: the private token stays private.
    expect((await served(`${tokens}2`)).status).toBe(404);

    await rpc.publishCollection({ collectionId: id, recursive: true }, as(owner));
    expect(await served(`${tokens}2`)).toMatchObject({ status: 200, body: { name: 'Token 2' } });
    const viaGraphql = await server.graphql(`query($id: Int!) { collectionToken(collectionId: $id, tokenId: "2") { private } }`, { id }, as(owner));
    expect(viaGraphql.body.data.collectionToken.private).toBe(false);
  });

  it('a collection created unpublished serves nothing until published', async () => {
    const { collection } = await rpc.createCollection({ collection: newCollection('Draft', {}, true) }, as(owner));
    await rpc.createToken({ collectionId: collection.id, token: tokenOf('9') }, as(owner));
    expect(collection.private).toBe(true);
    expect((await served(collection.baseURIs!.contractMetadataURI)).status).toBe(404);
    expect((await served(`${collection.baseURIs!.tokenMetadataURI}9`)).status).toBe(404);
    await rpc.publishCollection({ collectionId: collection.id }, as(owner));
    expect((await served(`${collection.baseURIs!.tokenMetadataURI}9`)).status).toBe(200);
  });
});

describe('tokens', () => {
  let id: number;
  beforeAll(async () => {
    id = (await rpc.createCollection({ collection: newCollection('Tokens') }, as(owner))).collection.id;
  });

  it('creates, gets, lists (paging by echoing the reply page) and deletes tokens', async () => {
    const created = await rpc.createToken(
      { collectionId: id, token: tokenOf('10', { description: 'ten', image: 'https://img.example/10.png', properties: { z: 1, a: true }, attributes: [{ trait_type: 'hue', value: 'red' }], external_url: 'https://t.example/10' }) },
      as(owner),
    );
    // The source and status a caller sends are not kept: a hosted token is the collection's, and there.
    expect(created).toEqual({
      token: {
        tokenId: '10',
        source: 'SEQUENCE_BUILDER_COLLECTIONS',
        status: ResourceStatus.AVAILABLE,
        name: 'Token 10',
        description: 'ten',
        image: 'https://img.example/10.png',
        properties: { a: true, z: 1 },
        attributes: [{ trait_type: 'hue', value: 'red' }],
        external_url: 'https://t.example/10',
        externalUrl: 'https://t.example/10',
        updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      },
      assets: [],
    });
    expect(await rpc.getToken({ collectionId: id, tokenId: '10' }, as(owner))).toEqual(created);

    for (const t of ['2', '100', '3']) await rpc.createToken({ collectionId: id, token: tokenOf(t) }, as(owner));
    const seen: string[] = [];
    let page: { page?: number; pageSize?: number; more?: boolean } | undefined = { pageSize: 3 };
    for (let calls = 0; page && calls < 5; calls++) {
      const r: Awaited<ReturnType<Collections['listTokens']>> = await rpc.listTokens({ collectionId: id, page }, as(owner));
      seen.push(...r.tokens.map((t) => t.tokenId));
      page = r.page.more ? r.page : undefined;
      if (calls === 0) expect(r.page).toEqual({ page: 2, pageSize: 3, more: true });
    }
    // Numeric order of token ids.
    expect(seen).toEqual(['2', '3', '10', '100']);

    expect(await rpc.deleteToken({ collectionId: id, tokenId: '3' }, as(owner))).toEqual({ status: true });
    const gone = await rejectionOf(rpc.getToken({ collectionId: id, tokenId: '3' }, as(owner)));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect((await rpc.listTokens({ collectionId: id }, as(owner))).tokens.map((t) => t.tokenId)).toEqual(['2', '10', '100']);
  });

  it('refuses a duplicate token, a bad token id and a missing token', async () => {
    await rpc.createToken({ collectionId: id, token: tokenOf('50') }, as(owner));
    const duplicate = await rejectionOf(rpc.createToken({ collectionId: id, token: tokenOf('50') }, as(owner)));
    expect(duplicate).toBeInstanceOf(InvalidArgumentError);
    expect(duplicate.message).toMatch(/already exists/);

    const badId = await rejectionOf(rpc.createToken({ collectionId: id, token: tokenOf('fifty') }, as(owner)));
    expect(badId).toMatchObject({ code: 2001, message: expect.stringMatching(/^token\.tokenId\b/) });

    const missing = await rejectionOf(rpc.deleteToken({ collectionId: id, tokenId: '51' }, as(owner)));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 3000 });
  });
});

describe('assets', () => {
  let id: number;
  beforeAll(async () => {
    id = (await rpc.createCollection({ collection: newCollection('Media') }, as(owner))).collection.id;
    await rpc.createToken({ collectionId: id, token: tokenOf('1') }, as(owner));
  });

  it('records an asset, which the upload fills; renaming moves its URL and the document follows; deleting clears it', async () => {
    const { asset } = await rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '1', metadataField: 'image', name: 'cover.gif' } }, as(owner));
    // No file yet: no url, type or dimensions.
    expect(asset).toEqual({ id: expect.any(Number), collectionId: id, tokenId: '1', metadataField: 'image', name: 'cover.gif', filename: 'cover.gif', filesize: 0, updatedAt: expect.stringMatching(RFC3339_TRIMMED) });
    expect((await rpc.getAsset({ assetId: asset.id }, as(owner))).asset).toEqual(asset);

    const conflict = await rejectionOf(rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '1', metadataField: 'image' } }, as(owner)));
    expect(conflict).toBeInstanceOf(RequestConflictError);
    expect(conflict).toMatchObject({ code: 1004, status: 409 });

    // The upload of the bytes (the HTTP route) fills the same record.
    const uploaded = await upload(owner, id, '1', 'image', 'cover.gif');
    expect(uploaded.id).toBe(asset.id);
    const { asset: filled } = await rpc.getAsset({ assetId: asset.id }, as(owner));
    expect(filled).toMatchObject({ id: asset.id, url: uploaded.url, filesize: GIF.length, mimeType: 'image/gif', width: 1, height: 1 });
    const { token, assets } = await rpc.getToken({ collectionId: id, tokenId: '1' }, as(owner));
    expect(token.image).toBe(uploaded.url);
    expect(assets).toEqual([filled]);

    const { asset: renamed } = await rpc.updateAsset({ asset: { ...filled, name: 'front.gif' } }, as(owner));
    expect(renamed).toMatchObject({ id: asset.id, name: 'front.gif', url: expect.stringMatching(/\/front\.gif$/) });
    expect((await rpc.getToken({ collectionId: id, tokenId: '1' }, as(owner))).token.image).toBe(renamed.url);
    expect((await served(renamed.url!)).status).toBe(200);

    const { asset: moved } = await rpc.updateAsset({ asset: { id: asset.id, collectionId: id, metadataField: 'animation_url' } }, as(owner));
    expect(moved.metadataField).toBe('animation_url');
    const afterMove = (await rpc.getToken({ collectionId: id, tokenId: '1' }, as(owner))).token;
    expect(afterMove).toMatchObject({ animation_url: moved.url });
    expect(afterMove.image).toBe('');

    expect(await rpc.deleteAsset({ assetId: asset.id }, as(owner))).toEqual({ status: true });
    const afterDelete = await rpc.getToken({ collectionId: id, tokenId: '1' }, as(owner));
    expect(afterDelete.assets).toEqual([]);
    expect(afterDelete.token.animation_url).toBeUndefined();
    expect((await served(moved.url!)).status).toBe(404);
    expect(await rejectionOf(rpc.getAsset({ assetId: asset.id }, as(owner)))).toBeInstanceOf(NotFoundError);
  });

  it('refuses bad asset input, naming the field', async () => {
    const noToken = await rejectionOf(rpc.createAsset({ asset: { id: 0, collectionId: id, metadataField: 'image' } }, as(owner)));
    expect(noToken).toMatchObject({ code: 2001, message: expect.stringMatching(/^asset\.tokenId\b.*is required/) });
    const badField = await rejectionOf(rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '1', metadataField: '../x' } }, as(owner)));
    expect(badField).toMatchObject({ code: 2001, message: expect.stringMatching(/^asset\.metadataField\b/) });
    const badName = await rejectionOf(rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '1', metadataField: 'video', name: '../../etc/passwd' } }, as(owner)));
    expect(badName).toMatchObject({ code: 2001, message: expect.stringMatching(/^asset\.name\b/) });
    const noSuchToken = await rejectionOf(rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '404', metadataField: 'image' } }, as(owner)));
    expect(noSuchToken).toBeInstanceOf(NotFoundError);
    const { asset } = await rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '1', metadataField: 'audio' } }, as(owner));
    const otherToken = await rejectionOf(rpc.updateAsset({ asset: { ...asset, tokenId: '2' } }, as(owner)));
    expect(otherToken).toMatchObject({ code: 2001, message: expect.stringMatching(/^asset\.tokenId\b.*does not match/) });
    const badAssetId = await rejectionOf(rpc.getAsset({ assetId: -1 }, as(owner)));
    expect(badAssetId).toMatchObject({ code: 2001, message: expect.stringMatching(/^assetId\b/) });
  });
});

describe('contract collections', () => {
  let nft: Contract & { address: string };
  let first: Collection;
  let second: Collection;

  beforeAll(async () => {
    first = (await rpc.createCollection({ collection: newCollection('On chain') }, as(owner))).collection;
    second = (await rpc.createCollection({ collection: newCollection('On chain, second') }, as(owner))).collection;
    const c = await deployContract(devWallet(anvil), 'TestERC721.sol', 'TestERC721', ['Linked', 'LNK']);
    nft = Object.assign(c, { address: (await c.getAddress()).toLowerCase() });
  });

  const pointAt = async (c: Collection) => (await (await nft.setContractURI(c.baseURIs!.contractMetadataURI)).wait());

  it('links a contract that points at the collection, gets, lists, moves and deletes the link', async () => {
    const mixedCase = `0x${nft.address.slice(2).toUpperCase()}`;
    const link = { id: 0, chainId: anvil.chainId, contractAddress: mixedCase, collectionId: first.id };

    // The contract must point at the collection first: nobody links a contract they do not control.
    const refused = await rejectionOf(rpc.createContractCollection({ projectId: owner.projectId, contractCollection: link }, as(owner)));
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused).toMatchObject({ code: 1001, status: 403 });
    await pointAt(first);

    const { contractCollection } = await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: link }, as(owner));
    expect(contractCollection).toEqual({ id: expect.any(Number), chainId: anvil.chainId, contractAddress: nft.address, collectionId: first.id });
    const got = await rpc.getContractCollection({ projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address }, as(owner));
    expect(got).toEqual({ contractCollection });

    const listed = await rpc.listContractCollections({ projectId: owner.projectId }, as(owner));
    expect(listed.contractCollections).toEqual([contractCollection]);
    expect(listed.collections).toEqual([(await rpc.getCollection({ collectionId: first.id }, as(owner))).collection]);
    expect(listed.page).toEqual({ pageSize: 50, more: false });
    const ofSecond = await rpc.listContractCollections({ projectId: owner.projectId, collectionId: second.id }, as(owner));
    expect(ofSecond).toEqual({ contractCollections: [], collections: [], page: { pageSize: 50, more: false } });

    // Moving the link to another collection: the contract must point at that one too.
    const move = { projectId: owner.projectId, contractCollection: { ...contractCollection, collectionId: second.id } };
    expect(await rejectionOf(rpc.updateContractCollection(move, as(owner)))).toBeInstanceOf(PermissionDeniedError);
    await pointAt(second);
    expect(await rpc.updateContractCollection(move, as(owner))).toEqual({ ok: true });
    const moved = await rpc.getContractCollection({ projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address }, as(owner));
    expect(moved.contractCollection).toEqual({ ...contractCollection, collectionId: second.id });

    expect(await rpc.deleteContractCollection({ projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address }, as(owner))).toEqual({ ok: true });
    const gone = await rejectionOf(rpc.getContractCollection({ projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address }, as(owner)));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ code: 3000 });
  });

  it('a linked contract’s token metadata is answered from the collection only while it is published', async () => {
    const { collection } = await rpc.createCollection({ collection: newCollection('Answers') }, as(owner));
    await rpc.createToken({ collectionId: collection.id, token: tokenOf('4', { description: 'hosted four' }) }, as(owner));
    const c = await deployContract(devWallet(anvil), 'TestERC721.sol', 'TestERC721', ['Answered', 'ANS']);
    const address = (await c.getAddress()).toLowerCase();
    await (await (c as Contract & { setContractURI(u: string): Promise<{ wait(): Promise<unknown> }> }).setContractURI(collection.baseURIs!.contractMetadataURI)).wait();
    await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: address, collectionId: collection.id } }, as(owner));

    const metadata = new SequenceMetadata(server.url, owner.accessKey);
    const read = async () => (await metadata.getTokenMetadata({ chainID: String(anvil.chainId), contractAddress: address, tokenIDs: ['4'] })).tokenMetadata[0];
    const hosted = { source: 'SEQUENCE_BUILDER_COLLECTIONS', status: ResourceStatus.AVAILABLE };
    expect(await read()).toMatchObject({ tokenId: '4', name: 'Token 4', description: 'hosted four', ...hosted });
    await rpc.unpublishCollection({ collectionId: collection.id }, as(owner));
    // Unpublished: an empty document, as for a token the collection does not have (nothing of it leaks).
    expect(await read()).toMatchObject({ tokenId: '4', name: '', description: '', source: 'UNKNOWN', status: ResourceStatus.NOT_AVAILABLE });
    await rpc.publishCollection({ collectionId: collection.id }, as(owner));
    expect(await read()).toMatchObject({ name: 'Token 4', description: 'hosted four', ...hosted });
  });

  it('deleting a collection deletes its contract links, and the contract can be linked again', async () => {
    const { collection: doomed } = await rpc.createCollection({ collection: newCollection('Doomed') }, as(owner));
    await pointAt(doomed);
    const key = { projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address };
    await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: nft.address, collectionId: doomed.id } }, as(owner));
    await rpc.deleteCollection({ collectionId: doomed.id }, as(owner));
    expect(await rejectionOf(rpc.getContractCollection(key, as(owner)))).toBeInstanceOf(NotFoundError);

    await pointAt(first);
    const { contractCollection } = await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: nft.address, collectionId: first.id } }, as(owner));
    expect(contractCollection.collectionId).toBe(first.id);
    await rpc.deleteContractCollection(key, as(owner));
  });

  it('refuses a bad address, an unknown chain and a second link of the same contract', async () => {
    const badAddress = await rejectionOf(
      rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: '0x1234', collectionId: first.id } }, as(owner)),
    );
    expect(badAddress).toBeInstanceOf(InvalidArgumentError);
    expect(badAddress.message).toMatch(/^contractAddress\b/);

    const unknownChain = await rejectionOf(rpc.getContractCollection({ projectId: owner.projectId, chainId: 999_999, contractAddress: nft.address }, as(owner)));
    expect(unknownChain).toBeInstanceOf(ChainNotFoundError);
    expect(unknownChain).toMatchObject({ code: 3003 });

    await pointAt(first);
    const link = { id: 0, chainId: anvil.chainId, contractAddress: nft.address, collectionId: first.id };
    await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: link }, as(owner));
    const twice = await rejectionOf(rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { ...link, collectionId: second.id } }, as(owner)));
    expect(twice).toBeInstanceOf(RequestConflictError);
    await rpc.deleteContractCollection({ projectId: owner.projectId, chainId: anvil.chainId, contractAddress: nft.address }, as(owner));
  });
});

describe('project isolation', () => {
  it('one project can neither see nor change another’s collections, tokens, assets or contract links', async () => {
    const { collection } = await rpc.createCollection({ collection: newCollection('Mine only') }, as(owner));
    const id = collection.id;
    await rpc.createToken({ collectionId: id, token: tokenOf('7') }, as(owner));
    const { asset } = await rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '7', metadataField: 'image' } }, as(owner));
    const c = await deployContract(devWallet(anvil), 'TestERC721.sol', 'TestERC721', ['Mine', 'MINE']);
    const address = (await c.getAddress()).toLowerCase();
    await (await (c as Contract & { setContractURI(u: string): Promise<{ wait(): Promise<unknown> }> }).setContractURI(collection.baseURIs!.contractMetadataURI)).wait();
    await rpc.createContractCollection({ projectId: owner.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: address, collectionId: id } }, as(owner));
    const theirs = (await rpc.createCollection({ collection: newCollection('Theirs') }, as(other))).collection;

    const attempts: Array<[string, Promise<unknown>]> = [
      ['getCollection', rpc.getCollection({ collectionId: id }, as(other))],
      ['updateCollection', rpc.updateCollection({ collection: { ...collection, metadata: { name: 'Taken' } } }, as(other))],
      ['deleteCollection', rpc.deleteCollection({ collectionId: id }, as(other))],
      ['publishCollection', rpc.publishCollection({ collectionId: id }, as(other))],
      ['unpublishCollection', rpc.unpublishCollection({ collectionId: id }, as(other))],
      ['createToken', rpc.createToken({ collectionId: id, token: tokenOf('8') }, as(other))],
      ['getToken', rpc.getToken({ collectionId: id, tokenId: '7' }, as(other))],
      ['listTokens', rpc.listTokens({ collectionId: id }, as(other))],
      ['deleteToken', rpc.deleteToken({ collectionId: id, tokenId: '7' }, as(other))],
      ['createAsset', rpc.createAsset({ asset: { id: 0, collectionId: id, tokenId: '7', metadataField: 'video' } }, as(other))],
      ['getAsset', rpc.getAsset({ assetId: asset.id }, as(other))],
      ['updateAsset', rpc.updateAsset({ asset: { ...asset, name: 'stolen.gif' } }, as(other))],
      ['deleteAsset', rpc.deleteAsset({ assetId: asset.id }, as(other))],
      ['getContractCollection', rpc.getContractCollection({ projectId: other.projectId, chainId: anvil.chainId, contractAddress: address }, as(other))],
      [
        'updateContractCollection',
        rpc.updateContractCollection({ projectId: other.projectId, contractCollection: { id: 0, chainId: anvil.chainId, contractAddress: address, collectionId: theirs.id } }, as(other)),
      ],
      ['deleteContractCollection', rpc.deleteContractCollection({ projectId: other.projectId, chainId: anvil.chainId, contractAddress: address }, as(other))],
      ['listContractCollections of my collection', rpc.listContractCollections({ projectId: other.projectId, collectionId: id }, as(other))],
      // Naming the other project outright is refused too.
      ['createCollection in another project', rpc.createCollection({ projectId: owner.projectId, collection: newCollection('Squat') }, as(other))],
    ];
    for (const [name, call] of attempts) {
      const err = await rejectionOf(call);
      expect({ name, error: err.constructor.name, code: err.code }).toEqual({ name, error: PermissionDeniedError.name, code: 1001 });
    }
    // Their own list holds nothing of mine.
    expect((await rpc.listContractCollections({ projectId: other.projectId }, as(other))).contractCollections).toEqual([]);

    // Nothing changed.
    expect((await rpc.getCollection({ collectionId: id }, as(owner))).collection).toMatchObject({ metadata: { name: 'Mine only' }, private: false, tokenCount: 1 });
    expect((await rpc.getAsset({ assetId: asset.id }, as(owner))).asset).toEqual(asset);
    expect((await rpc.listContractCollections({ projectId: owner.projectId, collectionId: id }, as(owner))).contractCollections).toEqual([
      { id: expect.any(Number), chainId: anvil.chainId, contractAddress: address, collectionId: id },
    ]);
  });
});
