// Projects over GraphQL, as the console uses them: who a token is (viewer), the operator's projects, createProject and
// openProject; and the reads a signed-in console makes without an access key (chains).
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const ADMIN_TOKEN = 'operator-token-for-projects-test-0123456789';
let server: TestServer;
let first: { projectId: number; accessKey: string; bearerToken: string };
let second: { projectId: number; accessKey: string; bearerToken: string };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
  first = await server.createProject('first');
  second = await server.createProject('second');
});

afterAll(async () => {
  await server?.stop();
});

const asAdmin = bearer(ADMIN_TOKEN);
const codeOf = (body: any) => body.errors?.[0]?.extensions?.code;

it('tells the operator from a project, and refuses anything else', async () => {
  const VIEWER = `{ viewer { role projectId } }`;
  expect((await server.graphql(VIEWER, {}, asAdmin)).body.data.viewer).toEqual({ role: 'OPERATOR', projectId: null });
  expect((await server.graphql(VIEWER, {}, bearer(first.bearerToken))).body.data.viewer).toEqual({ role: 'PROJECT', projectId: first.projectId });
  expect(codeOf((await server.graphql(VIEWER)).body)).toBe('UNAUTHORIZED');
  expect(codeOf((await server.graphql(VIEWER, {}, bearer('nope'))).body)).toBe('UNAUTHORIZED');
});

it('lists every project to the operator, oldest first, and its own to a project', async () => {
  const PROJECTS = `{ projects { id name createdAt } }`;
  const all = (await server.graphql(PROJECTS, {}, asAdmin)).body.data.projects;
  expect(all.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([
    [first.projectId, 'first'],
    [second.projectId, 'second'],
  ]);
  const own = (await server.graphql(PROJECTS, {}, bearer(second.bearerToken))).body.data.projects;
  expect(own).toEqual([{ id: second.projectId, name: 'second', createdAt: expect.any(String) }]);
});

it('creates a project for the operator only, with credentials that work at once', async () => {
  const CREATE = `mutation($n: String!) { createProject(name: $n) { projectId key accessKey bearerToken } }`;
  const created = (await server.graphql(CREATE, { n: 'third' }, asAdmin)).body.data.createProject;
  expect(created.projectId).toBeGreaterThan(second.projectId);
  // `key`, as IssuedAccessKey and the CLI name an issued key; `accessKey` (deprecated) is the same key.
  expect(created.key).toBe(created.accessKey);
  const keys = await server.graphql(`{ accessKeys { name isDefault } }`, {}, bearer(created.bearerToken));
  expect(keys.body.data.accessKeys).toEqual([{ name: 'default', isDefault: true }]);
  expect((await server.graphql(`{ chains { chainId } }`, {}, { 'X-Access-Key': created.key })).body.errors).toBeUndefined();

  expect(codeOf((await server.graphql(CREATE, { n: 'sneaky' }, bearer(first.bearerToken))).body)).toBe('PERMISSION_DENIED');
  expect(codeOf((await server.graphql(CREATE, { n: '  ' }, asAdmin)).body)).toBe('INVALID_ARGUMENT');
});

it('opens a project for the operator with an expiring token of that project', async () => {
  const OPEN = `mutation($p: Int!) { openProject(projectId: $p) { projectId bearerToken expiresAt } }`;
  const before = Date.now();
  const opened = (await server.graphql(OPEN, { p: first.projectId }, asAdmin)).body.data.openProject;
  expect(opened.projectId).toBe(first.projectId);
  const hours = (Date.parse(opened.expiresAt) - before) / 3_600_000;
  expect(hours).toBeGreaterThan(7.99);
  expect(hours).toBeLessThan(8.01);
  const viewer = await server.graphql(`{ viewer { role projectId } }`, {}, bearer(opened.bearerToken));
  expect(viewer.body.data.viewer).toEqual({ role: 'PROJECT', projectId: first.projectId });
  // The session's token manages that project and no other.
  const other = await server.graphql(`query($p: Int) { accessKeys(projectId: $p) { id } }`, { p: second.projectId }, bearer(opened.bearerToken));
  expect(codeOf(other.body)).toBe('PERMISSION_DENIED');

  expect(codeOf((await server.graphql(OPEN, { p: 999_999 }, asAdmin)).body)).toBe('PROJECT_NOT_FOUND');
  expect(codeOf((await server.graphql(OPEN, { p: second.projectId }, bearer(first.bearerToken))).body)).toBe('PERMISSION_DENIED');
  expect(codeOf((await server.graphql(OPEN, { p: first.projectId })).body)).toBe('UNAUTHORIZED');
});

it('shows the chains to the operator and to a project token as to an access key, and to nobody else', async () => {
  const CHAINS = `{ chains { chainId } }`;
  for (const headers of [asAdmin, bearer(first.bearerToken), { 'X-Access-Key': first.accessKey }]) {
    expect((await server.graphql(CHAINS, {}, headers)).body).toEqual({ data: { chains: [] } });
  }
  expect(codeOf((await server.graphql(CHAINS)).body)).toBe('UNAUTHORIZED');
  expect(codeOf((await server.graphql(CHAINS, {}, bearer('not-a-token'))).body)).toBe('UNAUTHORIZED');
  // An access key sent with a bearer token is checked as an access key.
  expect(codeOf((await server.graphql(CHAINS, {}, { ...asAdmin, 'X-Access-Key': 'unknown-key' })).body)).toBe('ACCESS_KEY_NOT_FOUND');
});

it('refuses the operator calls when the server has no ADMIN_TOKEN', async () => {
  const closed = await startTestServer();
  try {
    const r = await closed.graphql(`mutation { createProject(name: "x") { projectId } }`, {}, asAdmin);
    expect(codeOf(r.body)).toBe('PERMISSION_DENIED');
    expect(r.body.errors[0].message).toContain('ADMIN_TOKEN is not set');
    expect(codeOf((await closed.graphql(`{ viewer { role } }`, {}, asAdmin)).body)).toBe('UNAUTHORIZED');
  } finally {
    await closed.stop();
  }
});
