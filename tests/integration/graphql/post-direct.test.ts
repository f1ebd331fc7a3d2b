// POST /graphql answers clean queries without yoga's Fetch layer (src/http/graphql-post.ts); every reply
// must be the one yoga gives. A body with `extensions: {}` (which yoga ignores) always goes to yoga, so the
// same request with and without it compares the two paths on the real server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGraphQLPostHandler, replyTypeFor, type YogaFetch } from '../../../src/http/graphql-post';
import { readBody } from '../../../src/http/body';
import { createYogaApp } from '../../../src/http/yoga';
import { createExecutor } from '../../../src/graphql/execute';
import { schema } from '../../../src/graphql/schema';
import { startTestServer, bearer, type TestServer } from '../../helpers/server';

let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337=http://127.0.0.1:9' }, { index: false });
  project = await server.createProject('direct');
});
afterAll(() => server.stop());

// Bodies are compared parsed: graphql-js and graphql-jit put `data` and `errors` in different orders.
type Reply = { status: number; type: string | null; body: unknown };

const post = async (url: string, body: unknown, headers: Record<string, string>): Promise<Reply> => {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const type = res.headers.get('content-type');
  const text = await res.text();
  return { status: res.status, type, body: type?.includes('json') ? JSON.parse(text) : text };
};

/** The request as sent, and as yoga alone answers it. */
const both = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  direct: await post(server.url, body, headers),
  yoga: await post(server.url, { ...body, extensions: {} }, headers),
});

const key = () => ({ 'X-Access-Key': project.accessKey });

describe('replies equal to yoga', () => {
  const cases: Array<[string, () => Record<string, unknown>, () => Record<string, string>]> = [
    ['a query', () => ({ query: '{ chains { chainId name } }' }), key],
    ['a query with variables and an operation name', () => ({
      query: 'query A { chains { chainId } } query B($id: Int!) { collection(collectionId: $id) { id } }',
      operationName: 'A',
      variables: { id: 1 },
    }), key],
    ['null variables and operation name', () => ({ query: '{ chains { chainId } }', variables: null, operationName: null }), key],
    ['a missing access key (a domain error)', () => ({ query: '{ chains { chainId } }' }), () => ({})],
    ['an unknown collection (a domain error with a field)', () => ({ query: 'query($id: Int!) { collection(collectionId: $id) { id } }', variables: { id: 987654 } }), () => bearer(project.bearerToken)],
    ['variables that do not coerce', () => ({ query: 'query($id: Int!) { collection(collectionId: $id) { id } }', variables: { id: 'one' } }), () => bearer(project.bearerToken)],
    ['a syntax error', () => ({ query: '{ chains { chainId ' }), key],
    ['an unknown field', () => ({ query: '{ chains { nope } }' }), key],
    ['an operation name that is not in the document', () => ({ query: 'query A { chains { chainId } }', operationName: 'B' }), key],
    ['too many aliases', () => ({ query: `{ ${Array.from({ length: 21 }, (_, i) => `c${i}: chains { chainId }`).join(' ')} }` }), key],
    ['a query that is not a string', () => ({ query: 42 }), key],
    ['variables that are an array', () => ({ query: '{ chains { chainId } }', variables: [1] }), key],
  ];
  it.each(cases)('%s', async (_name, body, headers) => {
    const { direct, yoga } = await both(body(), headers());
    expect(direct).toEqual(yoga);
  });

  it.each([
    ['application/graphql-response+json'],
    ['application/graphql-response+json, application/json;q=0.9'],
    ['application/json'],
    ['*/*'],
    ['text/html'],
    ['text/event-stream'],
  ])('for Accept: %s', async (accept) => {
    const { direct, yoga } = await both({ query: '{ chains { chainId } }' }, { ...key(), Accept: accept });
    expect(direct).toEqual(yoga);
  });

  it('for a mutation, which runs once', async () => {
    const create = (name: string) => ({ query: 'mutation($n: String) { createCollection(input: { name: $n }) { id } }', variables: { n: name } });
    const { direct, yoga } = await both(create('once'), bearer(project.bearerToken));
    expect(direct.status).toBe(200);
    const idOf = (r: Reply) => (r.body as { data: { createCollection: { id: number } } }).data.createCollection.id;
    expect(idOf(direct)).toBe(idOf(yoga) - 1);
    const list = await server.graphql('{ collections { nodes { metadata { name } } } }', {}, bearer(project.bearerToken));
    expect(list.body.data.collections.nodes.filter((c: { metadata: { name: string } }) => c.metadata.name === 'once')).toHaveLength(2);
  });
});

describe('which requests skip yoga', () => {
  let url: string;
  let httpServer: http.Server;
  let yogaCalls = 0;
  beforeAll(async () => {
    const executor = createExecutor(schema, server.app.services);
    const yoga = createYogaApp({ executor, auth: server.app.services.auth, logger: server.app.logger });
    const counted: YogaFetch = { fetch: (url, init) => (yogaCalls++, yoga.fetch(url, init)) };
    const handler = createGraphQLPostHandler({ executor, logger: server.app.logger, yoga: counted });
    httpServer = http.createServer(async (req, res) => handler.handle(req, res, await readBody(req, 1_000_000)));
    await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => httpServer.close(r)));

  const callsFor = async (body: unknown, headers: Record<string, string> = key()) => {
    const before = yogaCalls;
    const reply = await post(url, body, headers);
    return { calls: yogaCalls - before, reply };
  };

  it('a clean query is answered without yoga, the first time and once compiled', async () => {
    for (let i = 0; i < 3; i++) {
      const { calls, reply } = await callsFor({ query: '{ chains { chainId } }' });
      expect(calls).toBe(0);
      expect(reply).toEqual({ status: 200, type: 'application/json; charset=utf-8', body: { data: { chains: [{ chainId: 31337 }] } } });
    }
  });

  it('a query whose execution fails is answered without yoga too (its reply equals yoga\'s: above)', async () => {
    const { calls, reply } = await callsFor({ query: '{ chains { chainId } }' }, {});
    expect(calls).toBe(0);
    expect(reply.status).toBe(200);
    expect((reply.body as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('documents that do not validate, mutations, other fields and other Accept types go to yoga before anything runs', async () => {
    expect((await callsFor({ query: '{ chains { nope } }' })).calls).toBe(1);
    expect((await callsFor({ query: 'mutation { createCollection(input: {}) { id } }' }, bearer(project.bearerToken))).calls).toBe(1);
    expect((await callsFor({ query: '{ chains { chainId } }', extensions: {} })).calls).toBe(1);
    expect((await callsFor({ query: '{ chains { chainId } }' }, { ...key(), Accept: 'text/event-stream' })).calls).toBe(1);
  });
});

it('picks the reply type yoga picks', () => {
  expect(replyTypeFor(undefined)).toBe('application/json; charset=utf-8');
  expect(replyTypeFor('*/*')).toBe('application/json; charset=utf-8');
  expect(replyTypeFor('application/json;q=0.9, application/graphql-response+json')).toBe('application/json; charset=utf-8');
  expect(replyTypeFor('Application/GraphQL-Response+JSON; charset=utf-8')).toBe('application/graphql-response+json; charset=utf-8');
  expect(replyTypeFor('text/html, application/json')).toBeNull();
});
