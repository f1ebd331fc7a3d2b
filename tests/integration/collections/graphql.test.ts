// Collections over GraphQL: create, read, update, delete collections and tokens; ownership enforced.
import { CONNECTION_FIELDS, walkBothWays, type PageArgs } from '../../helpers/paging';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let owner: { projectId: number; bearerToken: string };
let other: { projectId: number; bearerToken: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createProject('owner');
  other = await server.createProject('other');
});
afterAll(() => server.stop());

const CREATE = `mutation($input: CollectionInput!) { createCollection(input: $input) { id projectId tokenCount private metadata { name description image externalLink properties } baseUris { contractMetadataUri tokenMetadataUri } } }`;

describe('collections over GraphQL', () => {
  it('creates a collection and lists it with its token count and base URIs', async () => {
    const created = await server.graphql(CREATE, { input: { name: 'Gems', description: 'shiny', properties: { z: 1, a: 'b', ok: true } } }, bearer(owner.bearerToken));
    expect(created.body.errors).toBeUndefined();
    const c = created.body.data.createCollection;
    expect(c).toMatchObject({ projectId: owner.projectId, tokenCount: 0, private: false, metadata: { name: 'Gems', description: 'shiny', image: null } });
    expect(Object.keys(c.metadata.properties)).toEqual(['a', 'ok', 'z']);
    expect(c.baseUris.contractMetadataUri).toBe(`http://strata.test/projects/${owner.projectId}/collections/${c.id}.json`);

    const token = await server.graphql(
      `mutation($id: Int!) { createCollectionToken(collectionId: $id, token: { tokenId: "115792089237316195423570985008687907853269984665640564039457584007913129639935", name: "Max", attributes: [{ trait_type: "size", value: 3 }] }) { tokenId name image attributes } }`,
      { id: c.id },
      bearer(owner.bearerToken),
    );
    expect(token.body.errors).toBeUndefined();
    expect(token.body.data.createCollectionToken).toEqual({
      tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      name: 'Max',
      image: '',
      attributes: [{ trait_type: 'size', value: 3 }],
    });

    const listed = await server.graphql(
      `{ collections { pageSize totalCount pageInfo { hasNextPage } nodes { id tokenCount tokens { totalCount nodes { tokenId } pageInfo { hasNextPage } } } } }`,
      {},
      bearer(owner.bearerToken),
    );
    expect(listed.body.data.collections).toMatchObject({ pageSize: 30, totalCount: 1, pageInfo: { hasNextPage: false } });
    expect(listed.body.data.collections.nodes).toEqual([
      {
        id: c.id,
        tokenCount: 1,
        tokens: { totalCount: 1, nodes: [{ tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935' }], pageInfo: { hasNextPage: false } },
      },
    ]);
  });

  it('pages collections both ways, each seen once, with their count', async () => {
    const p = await server.createProject('pager');
    for (let i = 0; i < 5; i++) await server.graphql(CREATE, { input: { name: `c${i}` } }, bearer(p.bearerToken));
    const page = async (args: PageArgs) => {
      const r = await server.graphql(
        `query($first: Int, $after: String, $last: Int, $before: String) { collections(first: $first, after: $after, last: $last, before: $before) { ${CONNECTION_FIELDS('id')} } }`,
        args,
        bearer(p.bearerToken),
      );
      expect(r.body.errors).toBeUndefined();
      return r.body.data.collections;
    };
    const ids = await walkBothWays(page, 2, (c: { id: number }) => String(c.id));
    expect(ids).toHaveLength(5);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
    const mixed = await server.graphql(`{ collections(first: 2, last: 2) { totalCount } }`, {}, bearer(p.bearerToken));
    expect(mixed.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'first' });
  });

  it('updates and deletes, and refuses other projects with PermissionDenied', async () => {
    const { body } = await server.graphql(CREATE, { input: { name: 'Mine' } }, bearer(owner.bearerToken));
    const id = body.data.createCollection.id;
    const denied = await server.graphql(`mutation($id: Int!) { deleteCollection(collectionId: $id) }`, { id }, bearer(other.bearerToken));
    expect(denied.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
    const updated = await server.graphql(`mutation($id: Int!) { updateCollection(collectionId: $id, input: { description: "new", private: true }) { private metadata { name description } } }`, { id }, bearer(owner.bearerToken));
    expect(updated.body.data.updateCollection).toEqual({ private: true, metadata: { name: 'Mine', description: 'new' } });
    const deleted = await server.graphql(`mutation($id: Int!) { deleteCollection(collectionId: $id) }`, { id }, bearer(owner.bearerToken));
    expect(deleted.body.data.deleteCollection).toBe(true);
    const gone = await server.graphql(`query($id: Int!) { collection(collectionId: $id) { id } }`, { id }, bearer(owner.bearerToken));
    expect(gone.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('answers errors with codes: no token, bad token, invalid property value', async () => {
    const none = await server.graphql(`{ collections { pageSize } }`);
    expect(none.body.errors[0]).toMatchObject({ message: expect.stringContaining('bearer'), extensions: { code: 'UNAUTHORIZED' } });
    const bad = await server.graphql(`{ collections { pageSize } }`, {}, { Authorization: 'Bearer not-a-jwt' });
    expect(bad.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const invalid = await server.graphql(CREATE, { input: { name: 'x', properties: { nested: { no: 1 } } } }, bearer(owner.bearerToken));
    expect(invalid.body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_ARGUMENT', field: 'metadata.properties.nested' } });
  });
});
