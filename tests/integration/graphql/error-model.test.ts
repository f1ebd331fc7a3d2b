// One error model: every refusal names its kind in extensions.code (variables of the wrong type, the document limits
// over HTTP and graphql-ws), a client's mistake is logged at debug without a stack and with one message field, and
// with introspection off nobody learns field names from "Did you mean …" suggestions.
import { Writable } from 'node:stream';
import pino from 'pino';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { loadConfig } from '../../../src/config';
import { createApp, type App } from '../../../src/main/app';
import { DOCUMENT_LIMITS } from '../../../src/graphql/limits';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

let db: TestDatabase;
let app: App;
let url: string;
let port: number;
let key: string;
let bearerToken: string;
/** Every log line the server wrote, as written. */
const lines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', AUTH_FAILURE_LIMIT: '1000000', INTROSPECTION: 'off', ...db.env });
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
  app = await createApp(config, pino({ level: 'debug', base: { service: 'strata' } }, sink), { serve: true, index: false });
  port = (await app.start()).port;
  url = `http://127.0.0.1:${port}`;
  ({ accessKey: key, bearerToken } = await app.services.projects.create('errors'));
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const post = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.json() };
};
const parsedSince = (n: number) => lines.slice(n).map((l) => JSON.parse(l));

it('answers a variable of the wrong type with BAD_USER_INPUT, logged below error level and without a stack', async () => {
  const before = lines.length;
  for (let i = 0; i < 2; i++) {
    // Twice: the second run of a document is the compiled one.
    const r = await post('query($id: Int!) { accessKeyUsage(id: $id) { requests } }', { id: 'abc' }, { Authorization: `Bearer ${bearerToken}` });
    expect(r.body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/^Variable "\$id" got invalid value "abc"/), extensions: { code: 'BAD_USER_INPUT' } })]);
  }
  const logged = parsedSince(before);
  expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  expect(logged.filter((l) => JSON.stringify(l).includes('stack'))).toEqual([]);
});

it('gives each document-limit refusal its code, over HTTP and graphql-ws', async () => {
  // Each case is a selection of a leaf field, under chains { } over HTTP and under balanceEvents { } over graphql-ws.
  const cases: Array<[(leaf: string) => string, string]> = [
    [(leaf) => Array.from({ length: DOCUMENT_LIMITS.aliases + 1 }, (_, i) => `a${i}: ${leaf}`).join(' '), 'ALIAS_LIMIT_EXCEEDED'],
    [(leaf) => Array.from({ length: DOCUMENT_LIMITS.directives + 1 }, () => `${leaf} @include(if: true)`).join(' '), 'DIRECTIVE_LIMIT_EXCEEDED'],
    [(leaf) => `${'x { '.repeat(DOCUMENT_LIMITS.depth)}${leaf}${' }'.repeat(DOCUMENT_LIMITS.depth)}`, 'DEPTH_LIMIT_EXCEEDED'],
    [(leaf) => Array.from({ length: DOCUMENT_LIMITS.tokens }, () => leaf).join(' '), 'TOKEN_LIMIT_EXCEEDED'],
  ];
  for (const [selection, code] of cases) {
    const r = await post(`{ chains { ${selection('chainId')} } }`, {}, { 'X-Access-Key': key });
    expect([code, r.body.errors?.[0]]).toEqual([code, expect.objectContaining({ extensions: expect.objectContaining({ code }) })]);
  }
  const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  try {
    for (const [selection, code] of cases) {
      const query = `subscription { balanceEvents(contractAddress: "0x${'1'.repeat(40)}") { ${selection('balance')} } }`;
      const errors = await new Promise<any>((resolve) => client.subscribe({ query }, { next: resolve, error: resolve, complete: () => resolve('complete') }));
      expect([code, errors?.[0]]).toEqual([code, expect.objectContaining({ extensions: expect.objectContaining({ code }) })]);
    }
  } finally {
    await client.dispose();
  }
});

it('logs a client error with one message field', async () => {
  const before = lines.length;
  // A refused credential, over GraphQL (direct path and yoga) and the RPC.
  await post('{ accessKeys { id } }', {}, { Authorization: 'Bearer not-a-token' });
  await post('query Q { accessKeys { id } }', {}, { Authorization: 'Bearer not-a-token', Accept: 'application/graphql-response+json' });
  await fetch(`${url}/rpc/Indexer/GetTokenBalances`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'nope' }, body: '{}' });
  const clientErrors = lines.slice(before).filter((l) => l.includes('client error'));
  expect(clientErrors.length).toBeGreaterThanOrEqual(2);
  for (const line of clientErrors) {
    expect(line.match(/"msg":/g)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ level: 20, code: expect.any(String) });
  }
});

it('gives no "Did you mean" suggestions when introspection is off, to anonymous callers and key holders alike', async () => {
  for (const headers of [{}, { 'X-Access-Key': key }] as Array<Record<string, string>>) {
    const r = await post('{ chains { chainIdd } }', {}, headers);
    expect(r.body.errors?.[0]?.message).toBe('Cannot query field "chainIdd" on type "ChainStatus".');
    expect(r.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  }
});

it('codes graphql-ws refusals of the document as HTTP does, without suggestions when introspection is off', async () => {
  const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const refusal = (query: string, variables?: Record<string, unknown>) =>
    new Promise<any>((resolve) => client.subscribe({ query, variables }, { next: resolve, error: resolve, complete: () => resolve('complete') }));
  try {
    expect((await refusal('subscription { balanceEvents('))[0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    const unknown = await refusal(`subscription { balanceEvents(contractAddress: "0x${'1'.repeat(40)}") { balanc } }`);
    expect(unknown[0]).toMatchObject({ message: 'Cannot query field "balanc" on type "BalanceEvent".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    // Variables that do not coerce: one result with errors (graphql-ws sends it as `next`, then completes).
    const wrongType = await refusal('subscription($a: String!) { balanceEvents(contractAddress: $a) { balance } }', { a: 5 });
    expect(wrongType.errors[0]).toMatchObject({ message: expect.stringMatching(/^Variable "\$a" got invalid value 5/), extensions: { code: 'BAD_USER_INPUT' } });
  } finally {
    await client.dispose();
  }
});
