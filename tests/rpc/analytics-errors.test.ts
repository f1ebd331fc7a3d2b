// Analytics/MarketTxnEventTotal error paths: HTTP status and webrpc name/code/msg (Analytics codes, wire notes §4.3).
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { ANALYTICS_ENV, C1, seedMarketEvents } from './analytics-fixtures';

let server: TestServer;
let owner: { projectId: number; bearerToken: string };
let other: { projectId: number; bearerToken: string };

beforeAll(async () => {
  server = await startTestServer(ANALYTICS_ENV, { index: false });
  await seedMarketEvents(server);
  owner = await server.createProject('owner');
  other = await server.createProject('other');
});
afterAll(() => server.stop());

const ROUTE = 'Analytics/MarketTxnEventTotal';
const OK = { startDate: '2024-01-01', endDate: '2024-01-31', collections: [C1] };

type Expected = { status: number; error: string; code: number; msg: RegExp };
const invalid = (field: string, problem = ''): Expected => ({
  status: 400,
  error: 'InvalidArgument',
  code: 2001,
  msg: new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}: .*${problem}`),
});

const expectError = async (body: unknown, want: Expected, headers: Record<string, string> = {}) => {
  const r = await server.rpc(ROUTE, body, headers);
  const where = `${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
  expect({ where, status: r.status, error: r.body?.error, code: r.body?.code, bodyStatus: r.body?.status }).toEqual({
    where,
    status: want.status,
    error: want.error,
    code: want.code,
    bodyStatus: want.status,
  });
  expect(r.body.msg).toMatch(want.msg);
  expect(r.body.message).toBe(r.body.msg);
};

it.each<[string, unknown, Expected]>([
  ['no filter', {}, invalid('filter', 'is required')],
  ['a filter that is not an object', { filter: 'DAY' }, invalid('filter')],
  ['no startDate', { filter: { ...OK, startDate: undefined } }, invalid('filter.startDate', 'is required')],
  ['a timestamp for a date', { filter: { ...OK, startDate: '2024-01-01T00:00:00Z' } }, invalid('filter.startDate', 'YYYY-MM-DD')],
  ['an impossible date', { filter: { ...OK, endDate: '2024-02-30' } }, invalid('filter.endDate', 'not a calendar date')],
  ['endDate before startDate', { filter: { ...OK, startDate: '2024-02-01' } }, invalid('filter.endDate', 'must not be before startDate')],
  ['more than 1,096 days by DAY', { filter: { ...OK, startDate: '2020-01-01', endDate: '2024-01-01' } }, invalid('filter.endDate', 'at most 1096 days')],
  ['an unknown dateInterval', { filter: { ...OK, dateInterval: 'YEAR' } }, invalid('filter.dateInterval')],
  ['a collection that is no address', { filter: { ...OK, collections: [C1, '0x123'] } }, invalid('filter.collections[1]', 'address')],
  ['neither collections nor projectId', { filter: { ...OK, collections: [] } }, invalid('filter.collections', 'or a projectId')],
  ['a tokenId that is no number', { filter: { ...OK, tokenId: 'seven' } }, invalid('filter.tokenId', 'unsigned integer')],
  ['projectId 0', { filter: { ...OK, projectId: 0 } }, invalid('filter.projectId', 'positive integer')],
])('refuses %s', async (_, body, want) => {
  await expectError(body, want);
});

it('names an unknown project and an unknown chain', async () => {
  await expectError({ filter: { ...OK, projectId: 987654 } }, { status: 400, error: 'ProjectNotFound', code: 3002, msg: /987654/ });
  await expectError({ filter: { ...OK, chainId: '137' } }, { status: 400, error: 'InvalidNetwork', code: 3007, msg: /^filter\.chainId: / });
});

it('needs no credential, but checks one that is sent', async () => {
  expect((await server.rpc(ROUTE, { filter: OK })).status).toBe(200);
  expect((await server.rpc(ROUTE, { filter: { ...OK, projectId: owner.projectId } }, bearer(owner.bearerToken))).status).toBe(200);
  await expectError({ filter: OK }, { status: 401, error: 'Unauthorized', code: 1000, msg: /invalid bearer token/ }, bearer('garbage'));
  const expired = server.app.services.auth.issueBearerToken(owner.projectId, { expiresInSeconds: -60 });
  await expectError({ filter: OK }, { status: 403, error: 'SessionExpired', code: 1002, msg: /expired/ }, bearer(expired));
  await expectError(
    { filter: { ...OK, projectId: owner.projectId } },
    { status: 403, error: 'PermissionDenied', code: 1001, msg: new RegExp(`project ${owner.projectId}`) },
    bearer(other.bearerToken),
  );
});

it('answers the webrpc routing errors', async () => {
  const res = await fetch(`${server.url}/rpc/${ROUTE}`, { method: 'GET' });
  expect(res.status).toBe(405);
  expect(await res.json()).toMatchObject({ error: 'WebrpcBadMethod', code: -3 });
  const bad = await server.rpc(ROUTE, '{not json');
  expect(bad).toMatchObject({ status: 400, body: { error: 'WebrpcBadRequest', code: -4 } });
});
