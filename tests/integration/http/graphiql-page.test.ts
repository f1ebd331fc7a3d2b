// GraphiQL as a browser gets it: `/` leads there; the page carries Strata's example tabs and comes compressed, with an
// ETag that turns a reload into a 304.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ GRAPHIQL: 'true' });
});

afterAll(async () => {
  await server?.stop();
});

/** A raw GET (fetch would decompress and hide the encoding). */
const get = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

it('sends / to GraphiQL', async () => {
  const res = await get('/', BROWSER);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/graphql');
});

it('serves the page brotli- or gzip-compressed with the example tabs, and a 304 for a page the browser has', async () => {
  const br = await get('/graphql', { ...BROWSER, 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(br.headers['cache-control']).toBe('no-cache');
  const html = brotliDecompressSync(br.body).toString('utf8');
  expect(br.body.length).toBeLessThan(html.length / 3);
  for (const example of ['query WalletBalances', 'query History', 'subscription LiveBalances', 'mutation CreateCollection', 'X-Access-Key']) {
    expect(html).toContain(example);
  }
  expect(html).toContain('"subscriptionsProtocol":"WS"');

  const gz = await get('/graphql', { ...BROWSER, 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
  const plain = await get('/graphql', BROWSER);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString('utf8')).toBe(html);
  expect(gz.headers.etag).toBe(br.headers.etag);

  const again = await get('/graphql', { ...BROWSER, 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

it('still answers GraphQL on GET /graphql for clients that do not ask for HTML', async () => {
  const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
});
