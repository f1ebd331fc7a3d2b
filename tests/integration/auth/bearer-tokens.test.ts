// Project bearer tokens that expire and can be revoked (#33): issued with a label and a lifetime (BEARER_TOKEN_DAYS by
// default, including `project create`'s), listed, revoked by id or by the token itself, and refused at admission once
// revoked, over GraphQL and the RPC alike; bad input is InvalidArgument, another project's token PermissionDenied.
import jwt from 'jsonwebtoken';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9', BEARER_TOKEN_DAYS: '7' }, { index: false });
  project = await server.createProject('tokens');
});
afterAll(() => server?.stop());

const DAY = 86_400;
const lifetimeDays = (token: string) => {
  const { iat, exp } = jwt.decode(token) as jwt.JwtPayload;
  return exp && iat ? (exp - iat) / DAY : null;
};
const viewer = async (token: string) => server.graphql('{ viewer { role projectId } }', {}, bearer(token));
const issue = async (vars: Record<string, unknown>, token = project.bearerToken) =>
  server.graphql('mutation($l: String, $d: Int) { issueBearerToken(label: $l, days: $d) { token bearerToken { id label createdAt expiresAt revokedAt } } }', vars, bearer(token));
const revoke = async (vars: { id?: string; token?: string }, token = project.bearerToken) =>
  server.graphql('mutation($id: String, $token: String) { revokeBearerToken(id: $id, token: $token) }', vars, bearer(token));

it('gives every project token a lifetime: BEARER_TOKEN_DAYS unless asked otherwise', async () => {
  expect(lifetimeDays(project.bearerToken)).toBe(7);
  const r = await issue({ l: 'ci deploys', d: 2 });
  expect(r.body.errors).toBeUndefined();
  const issued = r.body.data.issueBearerToken;
  expect(lifetimeDays(issued.token)).toBe(2);
  expect(issued.bearerToken).toMatchObject({ label: 'ci deploys', revokedAt: null, id: (jwt.decode(issued.token) as jwt.JwtPayload).jti });
  // expiresAt is the token's exp (whole seconds), createdAt the issue time to the millisecond.
  expect(Math.abs(Date.parse(issued.bearerToken.expiresAt) - Date.parse(issued.bearerToken.createdAt) - 2 * DAY * 1000)).toBeLessThan(1000);
  expect((await viewer(issued.token)).body.data.viewer).toEqual({ role: 'PROJECT', projectId: project.projectId });
  expect(lifetimeDays((await issue({})).body.data.issueBearerToken.token)).toBe(7);
});

it('lists issued tokens newest first and refuses a revoked one at once, on GraphQL and the RPC', async () => {
  const issued = (await issue({ l: 'laptop' })).body.data.issueBearerToken;
  const listed = (await server.graphql('{ bearerTokens { id label revokedAt } }', {}, bearer(project.bearerToken))).body.data.bearerTokens;
  expect(listed[0]).toEqual({ id: issued.bearerToken.id, label: 'laptop', revokedAt: null });

  expect((await revoke({ id: issued.bearerToken.id })).body.data.revokeBearerToken).toBe(true);
  const refused = await viewer(issued.token);
  expect(refused.body.errors[0]).toMatchObject({ message: 'bearer token has been revoked', extensions: { code: 'UNAUTHORIZED' } });
  const rpc = await server.rpc('Metadata/GetContractInfo', { chainID: '31337', contractAddress: `0x${'22'.repeat(20)}` }, bearer(issued.token));
  expect(rpc.status).toBe(401);
  expect(rpc.body).toMatchObject({ error: 'Unauthorized', msg: 'bearer token has been revoked' });
  const after = (await server.graphql('{ bearerTokens { id revokedAt } }', {}, bearer(project.bearerToken))).body.data.bearerTokens;
  expect(after.find((t: { id: string }) => t.id === issued.bearerToken.id).revokedAt).not.toBeNull();
  // Revoking twice is still revoked; an unknown id is NOT_FOUND.
  expect((await revoke({ id: issued.bearerToken.id })).body.data.revokeBearerToken).toBe(true);
  expect((await revoke({ id: 'no-such-token' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
});

it('revokes a token issued elsewhere (the CLI’s) by the token itself, and only the project’s own', async () => {
  const cli = server.app.services.auth.issueBearerToken(project.projectId);
  expect((await viewer(cli)).body.data.viewer.projectId).toBe(project.projectId);
  const r = await revoke({ token: cli });
  expect(r.body.errors).toBeUndefined();
  expect(r.body.data.revokeBearerToken).toBe(true);
  expect((await viewer(cli)).body.errors[0].extensions.code).toBe('UNAUTHORIZED');

  const other = await server.createProject('other');
  expect((await revoke({ token: other.bearerToken })).body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
  expect((await viewer(other.bearerToken)).body.data.viewer.projectId).toBe(other.projectId);
  expect((await revoke({ token: 'not a token' })).body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_ARGUMENT' } });
  expect((await revoke({})).body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_ARGUMENT' } });
  for (const d of [0, 3651]) expect((await issue({ d })).body.errors[0]).toMatchObject({ message: 'days: must be a whole number of days from 1 to 3650', extensions: { code: 'INVALID_ARGUMENT' } });
});

it('lets a token revoke itself, after which it is refused', async () => {
  const own = (await issue({ l: 'short-lived' })).body.data.issueBearerToken;
  expect((await revoke({ id: own.bearerToken.id }, own.token)).body.data.revokeBearerToken).toBe(true);
  expect((await issue({}, own.token)).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
});
