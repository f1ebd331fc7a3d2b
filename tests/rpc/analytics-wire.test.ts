// Analytics/MarketTxnEventTotal on the wire: the published request shapes in, `{marketStats: [{value, label}]}` out.
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { ANALYTICS_ENV, C1, C2, linkCollection, seedMarketEvents } from './analytics-fixtures';

let server: TestServer;
let project: { projectId: number; bearerToken: string };

beforeAll(async () => {
  server = await startTestServer(ANALYTICS_ENV, { index: false });
  await seedMarketEvents(server);
  project = await server.createProject('analytics');
  await linkCollection(server, project.projectId, 1, C2);
});
afterAll(() => server.stop());

const ROUTE = 'Analytics/MarketTxnEventTotal';
const JAN = { startDate: '2024-01-01', endDate: '2024-01-31' };
const stats = async (filter: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const r = await server.rpc(ROUTE, { filter }, headers);
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { marketStats: expect.any(Array) } });
  return r.body.marketStats;
};

it('answers the Go client’s shape (every key, nulls included) with Chart {value, label}', async () => {
  const r = await server.rpc(ROUTE, {
    filter: {
      projectId: null,
      ecosystemId: null,
      ...JAN,
      dateInterval: 'DAY',
      collections: [C1.toUpperCase().replace('0X', '0x')],
      tokenId: null,
      projectType: 'ALL',
    },
  });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('webrpc')).toMatch(/^webrpc@/);
  // Chain 3 is not configured: its sale never shows.
  expect(r.body).toEqual({
    marketStats: [
      { value: 3, label: '2024-01-03' },
      { value: 1, label: '2024-01-10' },
    ],
  });
  expect(Object.keys(r.body.marketStats[0])).toEqual(['value', 'label']);
});

it('accepts the interval by name in any case, by the Go enum number, or not at all (DAY)', async () => {
  const week = [
    { value: 3, label: '2024-01-01' },
    { value: 1, label: '2024-01-08' },
  ];
  expect(await stats({ ...JAN, collections: [C1], dateInterval: 'week' })).toEqual(week);
  expect(await stats({ ...JAN, collections: [C1], dateInterval: 1 })).toEqual(week);
  expect(await stats({ ...JAN, collections: [C1], dateInterval: 'MONTH' })).toEqual([{ value: 4, label: '2024-01-01' }]);
  expect(await stats({ ...JAN, collections: [C1] })).toHaveLength(2);
});

it('narrows by tokenId (string or number) and by chain (id or name, chainId or chainID)', async () => {
  expect(await stats({ ...JAN, collections: [C1], tokenId: 1 })).toEqual([
    { value: 1, label: '2024-01-03' },
    { value: 1, label: '2024-01-10' },
  ]);
  expect(await stats({ ...JAN, collections: [C1], tokenId: '5' })).toEqual([{ value: 1, label: '2024-01-03' }]);
  expect(await stats({ ...JAN, collections: [C1], chainID: '2' })).toEqual([{ value: 1, label: '2024-01-03' }]);
  expect(await stats({ ...JAN, collections: [C1], chainId: 'one', dateInterval: 'MONTH' })).toEqual([{ value: 3, label: '2024-01-01' }]);
});

it('scopes to the project’s linked contracts; projectId may be a string; a matching bearer token is fine', async () => {
  const only = [{ value: 1, label: '2024-01-04' }];
  expect(await stats({ ...JAN, projectId: String(project.projectId), collections: [] })).toEqual(only);
  expect(await stats({ ...JAN, projectId: project.projectId }, bearer(project.bearerToken))).toEqual(only);
  expect(await stats({ ...JAN, collections: null }, bearer(project.bearerToken))).toEqual(only);
});

it('answers an empty list when nothing sold, and ignores unknown keys and the ignored fields’ values', async () => {
  expect(await stats({ startDate: '2023-01-01', endDate: '2023-12-31', collections: [C1], dateInterval: 'MONTH' })).toEqual([]);
  const r = await server.rpc(ROUTE, {
    filter: { ...JAN, collections: [C2], somethingNew: true, ecosystemId: 2 ** 40, projectType: 1 },
    extra: 1,
  });
  expect(r.body).toEqual({ marketStats: [{ value: 1, label: '2024-01-04' }] });
});
