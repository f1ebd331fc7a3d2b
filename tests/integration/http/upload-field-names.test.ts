// An upload's metadata field name is taken as given and must be a plain lower-case name: a newline, a space or any
// other character is refused (it reaches storage keys, URLs and the token's document), never trimmed into "image".
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let owner: { projectId: number; bearerToken: string };
let collectionId: number;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'http://strata.test' }, { index: false });
  owner = await server.createProject('uploads');
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const r = await server.graphql(query, variables, bearer(owner.bearerToken));
    expect(r.body.errors).toBeUndefined();
    return r.body.data;
  };
  collectionId = (await gql(`mutation { createCollection(input: { name: "Fields" }) { id } }`)).createCollection.id;
  await gql(`mutation($c: Int!) { createCollectionToken(collectionId: $c, token: { tokenId: "1", name: "One" }) { tokenId } }`, { c: collectionId });
});
afterAll(() => server?.stop());

const upload = (field: string) =>
  fetch(`${server.url}/projects/${owner.projectId}/collections/${collectionId}/tokens/1/assets/${field}?filename=a.gif`, {
    method: 'PUT',
    headers: bearer(owner.bearerToken),
    body: new Uint8Array(GIF),
  });

it.each(['image%0A', 'image%0D%0A', '%0Aimage', 'image%20', 'image%09', 'Image', 'image%00', 'im%C3%A4ge'])('refuses the field name %s', async (field) => {
  const res = await upload(field);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: 'INVALID_ARGUMENT', field: 'metadataField' });
});

it('stores a plain field name', async () => {
  const res = await upload('image');
  expect(res.status).toBe(201);
  expect(await res.json()).toMatchObject({ metadataField: 'image' });
});
