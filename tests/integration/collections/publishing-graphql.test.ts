// The GraphQL fields the Collections RPC methods run on: publishing, contract links by contract, asset records; their
// errors carry the domain's code in extensions, and publishing decides what the hosted document URLs serve.
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let owner: { projectId: number; bearerToken: string };
let other: { projectId: number; bearerToken: string };

beforeAll(async () => {
  // A configured chain that is never read: links by contract resolve the chain id from config only.
  server = await startTestServer({ CHAINS: '31337:local=http://127.0.0.1:9' }, { index: false });
  owner = await server.createProject('publisher');
  other = await server.createProject('bystander');
});
afterAll(() => server.stop());

const ok = async (query: string, variables: Record<string, unknown>, token = owner.bearerToken) => {
  const r = await server.graphql(query, variables, bearer(token));
  expect(r.body.errors).toBeUndefined();
  return r.body.data;
};
const errorOf = async (query: string, variables: Record<string, unknown>, token = owner.bearerToken) => {
  const r = await server.graphql(query, variables, bearer(token));
  expect(r.body.errors).toHaveLength(1);
  return r.body.errors[0] as { message: string; extensions: { code: string; field?: string } };
};
const status = async (uri: string) => (await fetch(uri.replace('http://strata.test', server.url))).status;

it('publishCollection and unpublishCollection switch the hosted documents; another project is refused', async () => {
  const { createCollection: c } = await ok(`mutation { createCollection(input: { name: "Switch" }) { id baseUris { contractMetadataUri tokenMetadataUri } } }`, {});
  await ok(`mutation($id: Int!) { createCollectionToken(collectionId: $id, token: { tokenId: "1", name: "one" }, private: true) { tokenId } }`, { id: c.id });
  expect(await status(c.baseUris.contractMetadataUri)).toBe(200);
  expect(await status(`${c.baseUris.tokenMetadataUri}1`)).toBe(404);

  const off = await ok(`mutation($id: Int!) { unpublishCollection(collectionId: $id) { private } }`, { id: c.id });
  expect(off.unpublishCollection.private).toBe(true);
  expect(await status(c.baseUris.contractMetadataUri)).toBe(404);

  const on = await ok(`mutation($id: Int!) { publishCollection(collectionId: $id, recursive: true) { private tokenCount } }`, { id: c.id });
  expect(on.publishCollection).toEqual({ private: false, tokenCount: 1 });
  expect(await status(c.baseUris.contractMetadataUri)).toBe(200);
  expect(await status(`${c.baseUris.tokenMetadataUri}1`)).toBe(200);

  const refused = await errorOf(`mutation($id: Int!) { unpublishCollection(collectionId: $id) { private } }`, { id: c.id }, other.bearerToken);
  expect(refused.extensions.code).toBe('PERMISSION_DENIED');
  expect(await status(c.baseUris.contractMetadataUri)).toBe(200);
});

it('contract links by contract: NOT_FOUND when none, CHAIN_NOT_FOUND for an unknown chain, an empty page when the project has none, bad input named', async () => {
  const unknownChain = await errorOf(`query { collectionContractLink(chainId: "424242", contractAddress: "0x${'ab'.repeat(20)}") { id } }`, {});
  expect(unknownChain.extensions).toMatchObject({ code: 'CHAIN_NOT_FOUND', field: 'chainId' });
  const none = await errorOf(`query { collectionContractLink(chainId: "local", contractAddress: "0x${'ab'.repeat(20)}") { id } }`, {});
  expect(none.extensions.code).toBe('NOT_FOUND');
  const page = await ok(`query { collectionContractLinks { totalCount pageSize nodes { id } } }`, {});
  expect(page.collectionContractLinks).toEqual({ totalCount: 0, pageSize: 50, nodes: [] });
  const bad = await errorOf(`query { collectionContractLinks(collectionId: 0) { totalCount } }`, {});
  expect(bad.extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'collectionId' });
});

it('asset records: created before the upload with an empty url, renamed, deleted; errors carry their codes', async () => {
  const { createCollection: c } = await ok(`mutation { createCollection(input: { name: "Records" }) { id } }`, {});
  await ok(`mutation($id: Int!) { createCollectionToken(collectionId: $id, token: { tokenId: "3" }) { tokenId } }`, { id: c.id });
  const FIELDS = `id collectionId tokenId metadataField filename filesize mimeType url width height`;
  const { createCollectionAsset: a } = await ok(
    `mutation($input: AssetInput!) { createCollectionAsset(input: $input) { ${FIELDS} } }`,
    { input: { collectionId: c.id, tokenId: '3', metadataField: 'video' } },
  );
  expect(a).toEqual({ id: expect.any(Number), collectionId: c.id, tokenId: '3', metadataField: 'video', filename: 'video', filesize: 0, mimeType: '', url: '', width: null, height: null });

  const renamed = await ok(`mutation($id: Int!) { updateCollectionAsset(assetId: $id, input: { filename: "clip.mp4" }) { filename } }`, { id: a.id });
  expect(renamed.updateCollectionAsset.filename).toBe('clip.mp4');
  const listed = await ok(`query($id: Int!) { collectionToken(collectionId: $id, tokenId: "3") { assets { id filename } } }`, { id: c.id });
  expect(listed.collectionToken.assets).toEqual([{ id: a.id, filename: 'clip.mp4' }]);

  const theirs = await errorOf(`query($id: Int!) { collectionAsset(assetId: $id) { id } }`, { id: a.id }, other.bearerToken);
  expect(theirs.extensions.code).toBe('PERMISSION_DENIED');
  const noToken = await errorOf(`mutation($input: AssetInput!) { createCollectionAsset(input: $input) { id } }`, { input: { collectionId: c.id, metadataField: 'image' } });
  expect(noToken.extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'asset.tokenId' });
  const taken = await errorOf(`mutation($input: AssetInput!) { createCollectionAsset(input: $input) { id } }`, { input: { collectionId: c.id, tokenId: '3', metadataField: 'video' } });
  expect(taken.extensions.code).toBe('REQUEST_CONFLICT');

  expect((await ok(`mutation($id: Int!) { deleteCollectionAsset(assetId: $id) }`, { id: a.id })).deleteCollectionAsset).toBe(true);
  const gone = await errorOf(`query($id: Int!) { collectionAsset(assetId: $id) { id } }`, { id: a.id });
  expect(gone.extensions.code).toBe('NOT_FOUND');
});
