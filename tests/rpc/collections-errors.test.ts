// Collections RPC error paths: HTTP status, webrpc name/code/msg for each, and nothing changed by a refused request.
import jwt from 'jsonwebtoken';
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { TOKEN_FIELDS, UINT256_MAX, createCollection, createToken, type Project } from './collections-fixtures';

let server: TestServer;
let owner: Project;
let other: Project;
let mine: number; // owner's collection, holding token 7
let theirs: number; // other's collection, holding token 7

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createProject('owner');
  other = await server.createProject('other');
  mine = (await createCollection(server, owner, { name: 'Mine', properties: { a: 1 } })).id;
  theirs = (await createCollection(server, other, { name: 'Theirs' })).id;
  await createToken(server, owner, mine, { tokenId: '7', name: 'Seven', description: 'orig', properties: { k: 'v' }, attributes: [{ trait_type: 't', value: 1 }] });
  await createToken(server, other, theirs, { tokenId: '7', name: 'Their seven' });
});
afterAll(() => server.stop());

// Every refused request must leave both collections and both tokens exactly as they were.
let before: unknown;
const snapshot = async () => Promise.all([readState(owner, mine), readState(other, theirs)]);
const readState = async (p: Project, collectionId: number) => {
  const r = await server.graphql(
    `query($id: Int!) {
      collection(collectionId: $id) { id private tokenCount createdAt updatedAt metadata { name description image externalLink properties } }
      collectionToken(collectionId: $id, tokenId: "7") { ${TOKEN_FIELDS} }
    }`,
    { id: collectionId },
    bearer(p.bearerToken),
  );
  expect(r.body.errors).toBeUndefined();
  return r.body.data;
};
beforeEach(async () => {
  before = await snapshot();
});
afterEach(async () => {
  expect(await snapshot()).toEqual(before);
});

type Expected = { status: number; error: string; code: number; msg?: RegExp };
const UNAUTHORIZED: Expected = { status: 401, error: 'Unauthorized', code: 1000 };
const PERMISSION_DENIED: Expected = { status: 403, error: 'PermissionDenied', code: 1001 };
const SESSION_EXPIRED: Expected = { status: 403, error: 'SessionExpired', code: 1002 };
const NOT_FOUND: Expected = { status: 400, error: 'NotFound', code: 3000 };
const invalid = (field: string): Expected => ({
  status: 400,
  error: 'InvalidArgument',
  code: 2001,
  msg: new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}\\b`),
});

const expectError = async (route: string, body: unknown, headers: Record<string, string>, want: Expected) => {
  const r = await server.rpc(route, body, headers);
  const where = `${route} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
  expect({ where, status: r.status }).toEqual({ where, status: want.status });
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('webrpc')).toBeTruthy();
  expect(r.body).toEqual({ error: want.error, code: want.code, msg: expect.any(String), message: r.body.msg, status: want.status });
  expect(r.body.msg.length).toBeGreaterThan(0);
  if (want.msg) expect({ where, msg: r.body.msg }).toEqual({ where, msg: expect.stringMatching(want.msg) });
  return r.body as { msg: string };
};

const OPS = (collectionId: number): Array<[string, Record<string, unknown>]> => [
  ['Collections/ListCollections', {}],
  ['Collections/GetCollection', { collectionId }],
  ['Collections/UpdateToken', { collectionId, tokenId: '7', token: { name: 'hacked' } }],
];
const ownerAuth = () => bearer(owner.bearerToken);
const sign = (claims: Record<string, unknown>, secret = server.app.config.jwtSecret) => jwt.sign(claims, secret, { algorithm: 'HS256' });

describe('authentication', () => {
  it('no Authorization header → Unauthorized 1000/401', async () => {
    for (const [route, body] of OPS(mine)) {
      const e = await expectError(route, body, {}, { ...UNAUTHORIZED, msg: /bearer/i });
      expect(e.msg).toBe(e.msg.trim());
    }
  });

  it('a malformed or foreign credential → Unauthorized 1000/401', async () => {
    const foreign = jwt.sign({ project: owner.projectId }, 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256' });
    const unsigned = jwt.sign({ project: owner.projectId }, '', { algorithm: 'none' });
    const noProject = sign({ account: '0xbee7' });
    const badProject = sign({ project: 'seven' });
    const headers = [
      { Authorization: 'Bearer garbage' },
      { Authorization: 'Bearer ' },
      { Authorization: 'Bearer a.b.c' },
      { Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` },
      { Authorization: owner.bearerToken }, // no scheme
      { 'X-Access-Key': owner.accessKey }, // the public key is not a bearer token
      bearer(foreign),
      bearer(unsigned),
      bearer(noProject),
      bearer(badProject),
    ];
    for (const h of headers) {
      for (const [route, body] of OPS(mine)) await expectError(route, body, h, UNAUTHORIZED);
    }
  });

  it('an expired token → SessionExpired 1002/403', async () => {
    const expired = sign({ project: owner.projectId, exp: Math.floor(Date.now() / 1000) - 60 });
    for (const [route, body] of OPS(mine)) await expectError(route, body, bearer(expired), { ...SESSION_EXPIRED, msg: /expired/i });
    // A token the server itself issued with a short lifetime behaves the same once it runs out.
    const shortLived = server.app.services.auth.issueBearerToken(owner.projectId, { expiresInSeconds: 1 });
    const claims = jwt.decode(shortLived) as { exp: number };
    await new Promise((r) => setTimeout(r, Math.max(0, claims.exp * 1000 - Date.now()) + 50));
    await expectError('Collections/GetCollection', { collectionId: mine }, bearer(shortLived), SESSION_EXPIRED);
  });

  it('a valid token of a project that does not exist → ProjectNotFound 3002/400', async () => {
    const ghost = server.app.services.auth.issueBearerToken(987_654);
    for (const [route, body] of OPS(mine)) await expectError(route, body, bearer(ghost), { status: 400, error: 'ProjectNotFound', code: 3002 });
  });
});

describe('authorization', () => {
  it("another project's token on GetCollection / UpdateToken → PermissionDenied 1001/403", async () => {
    await expectError('Collections/GetCollection', { collectionId: mine }, bearer(other.bearerToken), PERMISSION_DENIED);
    await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { name: 'hacked' } }, bearer(other.bearerToken), PERMISSION_DENIED);
    await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', private: true, token: {} }, bearer(other.bearerToken), PERMISSION_DENIED);
    await expectError('Collections/GetCollection', { collectionId: theirs }, ownerAuth(), PERMISSION_DENIED);
    // Listing is not an error: each project sees only its own collections.
    const listed = await server.rpc('Collections/ListCollections', {}, bearer(other.bearerToken));
    expect(listed.status).toBe(200);
    expect(listed.body.collections.map((c: { id: number }) => c.id)).toEqual([theirs]);
  });

  it("a projectId in the body other than the token's → PermissionDenied on every operation", async () => {
    for (const projectId of [other.projectId, 987_654]) {
      for (const [route, body] of OPS(mine)) await expectError(route, { ...body, projectId }, ownerAuth(), PERMISSION_DENIED);
    }
    // Naming the other project explicitly does not reach its collection either.
    await expectError('Collections/GetCollection', { projectId: other.projectId, collectionId: theirs }, ownerAuth(), PERMISSION_DENIED);
  });
});

describe('unknown resources', () => {
  it('an unknown collection → NotFound 3000/400', async () => {
    await expectError('Collections/GetCollection', { collectionId: 999_999 }, ownerAuth(), { ...NOT_FOUND, msg: /999999/ });
    await expectError('Collections/UpdateToken', { collectionId: 999_999, tokenId: '7', token: { name: 'x' } }, ownerAuth(), NOT_FOUND);
  });

  it('an unknown token in UpdateToken → NotFound 3000/400', async () => {
    for (const tokenId of ['8', '0', UINT256_MAX]) {
      await expectError('Collections/UpdateToken', { collectionId: mine, tokenId, token: { name: 'x' } }, ownerAuth(), NOT_FOUND);
    }
    // The token must not have been created by the refused update.
    const r = await server.graphql(`query($id: Int!) { collectionToken(collectionId: $id, tokenId: "8") { tokenId } }`, { id: mine }, ownerAuth());
    expect(r.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('invalid arguments → InvalidArgument 2001/400 naming the field', () => {
  it('collectionId "abc", -1, 0, 1.5, too large, null or missing', async () => {
    for (const collectionId of ['abc', -1, 0, 1.5, 2 ** 40, null, undefined, true, {}]) {
      await expectError('Collections/GetCollection', { collectionId }, ownerAuth(), invalid('collectionId'));
      await expectError('Collections/UpdateToken', { collectionId, tokenId: '7', token: { name: 'x' } }, ownerAuth(), invalid('collectionId'));
    }
    // Missing and null read the same: the field is required.
    for (const body of [{}, { collectionId: null }]) {
      const e = await expectError('Collections/GetCollection', body, ownerAuth(), invalid('collectionId'));
      expect(e.msg).toBe('collectionId: is required');
    }
    for (const body of [{ collectionId: mine, token: {} }, { collectionId: mine, tokenId: null, token: {} }]) {
      const e = await expectError('Collections/UpdateToken', body, ownerAuth(), invalid('tokenId'));
      expect(e.msg).toBe('tokenId: is required');
    }
  });

  it('tokenId not a number, negative, fractional, above 2^256-1, or missing', async () => {
    const tooBig = (1n << 256n).toString(); // 78 digits: passes the shape check, fails the range check
    for (const tokenId of ['abc', '', '1e3', '12abc', '-1', 1.5, -3, tooBig, `${UINT256_MAX}0`, '9'.repeat(100), null, undefined, { id: 7 }]) {
      await expectError('Collections/UpdateToken', { collectionId: mine, tokenId, token: { name: 'x' } }, ownerAuth(), invalid('tokenId'));
    }
  });

  it('token missing or not an object', async () => {
    for (const token of [undefined, null, 'x', 7, [{ name: 'x' }]]) {
      await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token }, ownerAuth(), invalid('token'));
    }
  });

  it('token.name over 200 characters or not a string', async () => {
    const e = await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { name: 'n'.repeat(201) } }, ownerAuth(), invalid('token.name'));
    expect(e.msg).toMatch(/200/);
    await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { name: 42 } }, ownerAuth(), invalid('token.name'));
  });

  it('a token.properties value that is an object, an array or null names token.properties.<key>', async () => {
    for (const value of [{ nested: 1 }, [1, 2], null]) {
      await expectError(
        'Collections/UpdateToken',
        { collectionId: mine, tokenId: '7', token: { name: 'x', properties: { ok: 1, bad: value } } },
        ownerAuth(),
        invalid('token.properties.bad'),
      );
    }
    await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { properties: [1] } }, ownerAuth(), invalid('token.properties'));
  });

  it('token.tokenId different from tokenId', async () => {
    for (const tokenId of ['8', 8, UINT256_MAX]) {
      await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { tokenId, name: 'x' } }, ownerAuth(), invalid('token.tokenId'));
    }
    await expectError('Collections/UpdateToken', { collectionId: mine, tokenId: '7', token: { tokenId: 'seven' } }, ownerAuth(), invalid('token.tokenId'));
  });

  it('other malformed fields: private, projectId, image URL, attributes, background colour', async () => {
    const base = { collectionId: mine, tokenId: '7' };
    await expectError('Collections/UpdateToken', { ...base, private: 'yes', token: {} }, ownerAuth(), invalid('private'));
    await expectError('Collections/GetCollection', { projectId: 'abc', collectionId: mine }, ownerAuth(), invalid('projectId'));
    await expectError('Collections/ListCollections', { projectId: -5 }, ownerAuth(), invalid('projectId'));
    await expectError('Collections/UpdateToken', { ...base, token: { image: 'javascript:alert(1)' } }, ownerAuth(), invalid('token.image'));
    await expectError('Collections/UpdateToken', { ...base, token: { attributes: 'size' } }, ownerAuth(), invalid('token.attributes'));
    await expectError('Collections/UpdateToken', { ...base, token: { attributes: [{ nested: { x: 1 } }] } }, ownerAuth(), invalid('token.attributes[0].nested'));
    await expectError('Collections/UpdateToken', { ...base, token: { background_color: 'red' } }, ownerAuth(), invalid('token.background_color'));
    await expectError('Collections/UpdateToken', { ...base, token: { description: 'd'.repeat(10_001) } }, ownerAuth(), invalid('token.description'));
  });
});
