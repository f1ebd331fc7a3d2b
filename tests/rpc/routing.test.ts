// RPC transport: webrpc built-in errors for routes, methods, content types and bodies; CORS; masked internal errors.
import http from 'node:http';
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import type { Project } from './collections-fixtures';

const MAX_BODY = 2048;

let server: TestServer;
let p: Project;

beforeAll(async () => {
  // A listed origin is echoed back (without CORS_ORIGINS any origin gets `*`: tests/integration/http/edge.test.ts).
  server = await startTestServer({ MAX_BODY_BYTES: String(MAX_BODY), CORS_ORIGINS: 'https://app.example' });
  p = await server.createProject('routing');
});
afterAll(() => server.stop());

type Reply = { status: number; headers: Headers; text: string; body: any };

const call = async (path: string, init: RequestInit = {}): Promise<Reply> => {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // left undefined: the assertions below report the text
  }
  return { status: res.status, headers: res.headers, text, body };
};

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...bearer(p.bearerToken), ...headers }, body });

const builtin = {
  badRoute: { status: 404, error: 'WebrpcBadRoute', code: -2, msg: 'bad route' },
  badMethod: { status: 405, error: 'WebrpcBadMethod', code: -3, msg: 'bad method' },
  badRequest: { status: 400, error: 'WebrpcBadRequest', code: -4, msg: 'bad request' },
  internal: { status: 500, error: 'WebrpcInternalError', code: -7, msg: 'internal error' },
};

/** A webrpc error reply: status = body.status, JSON, the Webrpc header, `message` repeating `msg`. */
const expectBuiltin = (r: Reply, want: (typeof builtin)[keyof typeof builtin], cause?: RegExp) => {
  expect({ status: r.status, text: r.text }).toEqual({ status: want.status, text: expect.any(String) });
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('webrpc')).toBeTruthy();
  expect(r.body).toEqual({
    error: want.error,
    code: want.code,
    msg: want.msg,
    message: want.msg,
    // `cause` carries the variable detail (webrpc); when the test names one, it must be there.
    ...(cause ? { cause: expect.stringMatching(cause) } : r.body && 'cause' in r.body ? { cause: expect.any(String) } : {}),
    status: want.status,
  });
};

describe('routes', () => {
  it('unknown operations → 404 WebrpcBadRoute -2 "bad route"', async () => {
    for (const path of [
      '/rpc/Collections/Nope',
      '/rpc/Indexer/GetEverything',
      '/rpc/collections/listcollections', // routes are exact, as in generated webrpc servers
      '/rpc/Collections/ListCollections/extra',
      '/rpc/Collections',
      '/rpc/',
    ]) {
      const r = await post(path, '{}');
      expectBuiltin(r, builtin.badRoute, new RegExp(path.replace(/[/]/g, '\\/')));
    }
  });

  it('a bad route is reported before authentication, method and content type', async () => {
    const r = await call('/rpc/Indexer/GetEverything', { method: 'GET' });
    expectBuiltin(r, builtin.badRoute);
  });

  it('a published client method Strata does not serve → 404 MethodNotFound 1003 saying why, not a bad route', async () => {
    const r = await post('/rpc/Metadata/GetNiftyswapUnitPrices', '{}');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'MethodNotFound', code: 1003, status: 404 });
    expect(String(r.body.msg)).toMatch(/Niftyswap/);
  });

  it('ignores a query string', async () => {
    const r = await post('/rpc/Collections/ListCollections?trace=1', '{}');
    expect(r.status).toBe(200);
    expect(r.body.page).toEqual({ pageSize: 30, more: false });
  });
});

describe('methods', () => {
  it('GET, PUT, DELETE, PATCH on a known route → 405 WebrpcBadMethod -3 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const r = await call('/rpc/Collections/ListCollections', {
        method,
        headers: { 'Content-Type': 'application/json', ...bearer(p.bearerToken) },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expectBuiltin(r, builtin.badMethod, new RegExp(method));
      expect(r.headers.get('allow')).toBe('POST');
    }
  });
});

describe('content type', () => {
  it('text/plain, form, missing or other types → 400 WebrpcBadRequest -4', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/jsonx', 'application/graphql+json']) {
      const r = await post('/rpc/Collections/ListCollections', '{}', { 'Content-Type': type });
      expectBuiltin(r, builtin.badRequest, /Content-Type/);
    }
    // No Content-Type header at all (a byte body gets none from fetch).
    const bare = await call('/rpc/Collections/ListCollections', { method: 'POST', headers: bearer(p.bearerToken), body: Buffer.from('{}') });
    expectBuiltin(bare, builtin.badRequest, /Content-Type/);
  });

  it('accepts application/json with parameters and in any case', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON']) {
      const r = await post('/rpc/Collections/ListCollections', '{}', { 'Content-Type': type });
      expect({ type, status: r.status }).toEqual({ type, status: 200 });
      expect(r.headers.get('webrpc')).toBeTruthy();
      expect(r.body).toEqual({ page: { pageSize: 30, more: false }, collections: [] });
    }
  });
});

describe('bodies', () => {
  it('non-JSON, a JSON array, a JSON scalar or null → 400 WebrpcBadRequest -4', async () => {
    for (const body of ['{"projectId":', 'projectId=1', '{projectId: 1}', '[]', '[{"projectId": 1}]', '"x"', '42', 'true', 'null']) {
      const r = await post('/rpc/Collections/ListCollections', body);
      expectBuiltin(r, builtin.badRequest, /request data/);
    }
  });

  it(`a body over MAX_BODY_BYTES (${MAX_BODY}) → 400 WebrpcBadRequest -4; one just under is served`, async () => {
    const padded = (size: number) => {
      const head = '{"projectId":null,"pad":"';
      return `${head}${'x'.repeat(size - head.length - 2)}"}`;
    };
    const under = await post('/rpc/Collections/ListCollections', padded(MAX_BODY));
    expect(under.status).toBe(200);
    const over = await post('/rpc/Collections/ListCollections', padded(MAX_BODY + 1));
    expectBuiltin(over, builtin.badRequest, /exceeds 2048 bytes/);
    const huge = await post('/rpc/Collections/ListCollections', padded(200_000));
    expectBuiltin(huge, builtin.badRequest, /exceeds 2048 bytes/);
  });

  it('a chunked body (no Content-Length) over the limit is refused too', async () => {
    const r = await new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        `${server.url}/rpc/Collections/ListCollections`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...bearer(p.bearerToken) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers, text, body: JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.write('{"pad":"');
      for (let i = 0; i < 4; i++) req.write('y'.repeat(1000));
      req.end('"}');
    });
    expectBuiltin(r, builtin.badRequest, /exceeds 2048 bytes/);
    // The server still answers afterwards.
    expect((await post('/rpc/Collections/ListCollections', '{}')).status).toBe(200);
  });
});

describe('GraphQL over HTTP bodies', () => {
  const query = JSON.stringify({ query: '{ __typename }' });

  it('answers a body within the limit', async () => {
    const r = await post('/graphql', query);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('a cross-origin POST gets Allow-Origin from the server’s CORS', async () => {
    const r = await post('/graphql', query, { Origin: 'https://app.example' });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('refuses a body over the limit with 413 before reading it', async () => {
    const r = await post('/graphql', JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(MAX_BODY) }));
    expect(r.status).toBe(413);
    expect(r.body.errors[0].message).toBe('request body too large');
  });

  it('refuses a chunked body (no Content-Length) with 411, and still answers afterwards', async () => {
    const r = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${server.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write(query.slice(0, 5));
      req.end(query.slice(5));
    });
    expect(r.status).toBe(411);
    expect(r.body.errors[0].message).toMatch(/Content-Length is required/);
    expect((await post('/graphql', query)).status).toBe(200);
  });
});

describe('request metrics', () => {
  it('label known routes by name and every other path as "other", so scanners cannot grow the registry', async () => {
    await post('/rpc/Collections/ListCollections', '{}');
    for (const path of ['/nope-1', '/nope-2', '/rpc/Nope/Nothing', '/rpc/Collections/Nope']) await call(path);
    const metrics = (await call('/metrics')).text;
    const routes = new Set([...metrics.matchAll(/strata_http_request_duration_seconds_count\{route="([^"]*)"/g)].map((m) => m[1]));
    expect(routes).toContain('/rpc/Collections/ListCollections');
    expect(routes).toContain('other');
    expect([...routes].filter((r) => /nope/i.test(r))).toEqual([]);
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 and the allow headers', async () => {
    const r = await call('/rpc/Collections/ListCollections', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,webrpc,x-access-key',
      },
    });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const allowed = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'webrpc', 'x-access-key']));
    expect((r.headers.get('access-control-allow-methods') ?? '').split(/\s*,\s*/)).toContain('POST');
  });

  it('a cross-origin POST gets Allow-Origin and may read the Webrpc header', async () => {
    const r = await post('/rpc/Collections/ListCollections', '{}', { Origin: 'https://app.example' });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((r.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('webrpc');
    // Errors are readable cross-origin as well.
    const err = await post('/rpc/Collections/Nope', '{}', { Origin: 'https://app.example' });
    expect(err.status).toBe(404);
    expect(err.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});

describe('internal failures', () => {
  let broken: TestServer;
  let q: Project;

  beforeAll(async () => {
    broken = await startTestServer();
    q = await broken.createProject('broken');
  });
  afterAll(async () => {
    // Reopen the database so the usual shutdown (and dropping the test database) can run.
    if (!broken.app.db.isInitialized) await broken.app.db.initialize();
    await broken.stop();
  });

  it('a failing database → 500 WebrpcInternalError -7 "internal error", nothing internal in the body', async () => {
    await broken.app.db.destroy();
    for (const [route, body] of [
      ['ListCollections', {}],
      ['GetCollection', { collectionId: 1 }],
      ['UpdateToken', { collectionId: 1, tokenId: '1', token: { name: 'x' } }],
    ] as const) {
      const res = await fetch(`${broken.url}/rpc/Collections/${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(q.bearerToken) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const r: Reply = { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
      expectBuiltin(r, builtin.internal);
      expect(r.body).not.toHaveProperty('cause');
      expect(text).not.toMatch(/select|insert|update |from |sqlite|mysql|maria|typeorm|datasource|driver|connection|\.ts|\.js|node_modules|\bat \w|\w+Error:|stack/i);
    }
  });
});
