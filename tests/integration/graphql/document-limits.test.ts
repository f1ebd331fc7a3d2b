// Client-written GraphQL documents are bounded (aliases, depth, tokens, directives) over HTTP and over
// graphql-ws, with a GraphQL error that names the limit; ordinary queries and introspection pass.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { getIntrospectionQuery } from 'graphql';
import { DOCUMENT_LIMITS } from '../../../src/graphql/limits';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337=http://127.0.0.1:9' }, { index: false });
  key = (await server.createProject('limits')).accessKey;
});
afterAll(() => server.stop());

const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `c${i}: chains { chainId }`).join(' ')} }`;
const firstError = (body: any): string => body.errors?.[0]?.message ?? '';
const gql = (query: string) => server.graphql(query, {}, { 'X-Access-Key': key });

describe('GraphQL over HTTP', () => {
  it('answers a document within the limits, and the full introspection query', async () => {
    const ok = await gql(aliased(DOCUMENT_LIMITS.aliases));
    expect(ok.body.errors).toBeUndefined();
    expect(Object.keys(ok.body.data)).toHaveLength(DOCUMENT_LIMITS.aliases);
    const introspection = await gql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(introspection.body.errors).toBeUndefined();
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses more aliases than the limit without running them', async () => {
    const r = await gql(aliased(DOCUMENT_LIMITS.aliases + 1));
    expect(r.body.data).toBeUndefined();
    expect(firstError(r.body)).toMatch(/aliases limit/i);
  });

  it('refuses a document over the token limit', async () => {
    const fields = Array.from({ length: DOCUMENT_LIMITS.tokens }, () => 'chainId').join(' ');
    const r = await gql(`{ chains { ${fields} } }`);
    expect(r.body.data).toBeUndefined();
    expect(firstError(r.body)).toMatch(/token limit/i);
  });

  it('refuses too many directives', async () => {
    const fields = Array.from({ length: DOCUMENT_LIMITS.directives + 1 }, () => 'chainId @include(if: true)').join(' ');
    const r = await gql(`{ chains { ${fields} } }`);
    expect(r.body.data).toBeUndefined();
    expect(firstError(r.body)).toMatch(/directives limit/i);
  });
});

describe('graphql-ws', () => {
  const subscribeOnce = (query: string) => {
    const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
    return new Promise<any>((resolve) => {
      client.subscribe({ query }, { next: resolve, error: (e) => resolve(Array.isArray(e) ? e : { closed: (e as CloseEvent).code }), complete: () => resolve('complete') });
    }).finally(() => client.dispose());
  };

  it('refuses a subscription with too many aliases, naming the limit', async () => {
    const fields = Array.from({ length: DOCUMENT_LIMITS.aliases + 1 }, (_, i) => `b${i}: balance`).join(' ');
    const refused = await subscribeOnce(`subscription { balanceEvents(contractAddress: "0x${'1'.repeat(40)}") { ${fields} } }`);
    expect(Array.isArray(refused)).toBe(true);
    expect(refused[0].message).toMatch(/aliases limit/i);
  });

  it('answers a syntax error as an error of that subscription, not by closing the connection', async () => {
    const refused = await subscribeOnce('subscription { balanceEvents(');
    expect(Array.isArray(refused)).toBe(true);
    expect(refused[0].message).toMatch(/Syntax Error/);
  });

  it('refuses a subscription over the token limit', async () => {
    const fields = Array.from({ length: DOCUMENT_LIMITS.tokens }, () => 'balance').join(' ');
    const refused = await subscribeOnce(`subscription { balanceEvents(contractAddress: "0x${'1'.repeat(40)}") { ${fields} } }`);
    expect(Array.isArray(refused)).toBe(true);
    expect(refused[0].message).toMatch(/token limit/i);
  });
});
