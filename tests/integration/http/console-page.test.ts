// The console as the server delivers it: one page, its script and its styles, all from this origin, compressed, with
// ETags; no other path under /console; off with CONSOLE=off.
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A raw request (fetch would decompress and hide the encoding). */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET', port = server.port) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });

it('serves the page, which names only its own script and styles, under a policy that allows no other origin', async () => {
  const page = await get('/console');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = page.body.toString('utf8');
  expect(html).toContain('<script type="module" src="/console/app.js"></script>');
  expect(html).toContain('<link rel="stylesheet" href="/console/app.css">');
  expect(html.match(/(src|href)="([^"]+)"/g)).toEqual(['href="data:,"', 'href="/console/app.css"', 'src="/console/app.js"']);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect((await get('/console/')).body.toString('utf8')).toBe(html);
});

it('serves the bundle compressed, with an ETag that turns a reload into a 304', async () => {
  const script = await get('/console/app.js', { 'accept-encoding': 'br' });
  expect(script.status).toBe(200);
  expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(script.headers['content-encoding']).toBe('br');
  const js = brotliDecompressSync(script.body).toString('utf8');
  // The typed documents went in as strings, and the app speaks to /graphql on its own origin only.
  expect(js).toContain('ConsoleViewer');
  expect(js).toContain('/graphql');
  // (example.com: the origins hint, a reserved name, shown as text.)
  expect(js).not.toMatch(/https?:\/\/(?!www\.w3\.org|[a-z0-9.-]*example\.com)[a-z0-9.-]+\.[a-z]{2,}/i);
  const again = await get('/console/app.js', { 'accept-encoding': 'br', 'if-none-match': script.headers.etag! });
  expect(again.status).toBe(304);

  const styles = await get('/console/app.css');
  expect(styles.status).toBe(200);
  expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
  expect(styles.body.toString('utf8')).toContain('.visually-hidden');
});

it('answers other paths under /console with 404 and other methods with 405', async () => {
  expect((await get('/console/../package.json')).status).not.toBe(200);
  expect((await get('/console/main.tsx')).status).toBe(404);
  expect((await get('/console/src/api.ts')).status).toBe(404);
  const post = await get('/console', {}, 'POST');
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe('GET, HEAD');
  const head = await get('/console/app.js', {}, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
});

it('is not served with CONSOLE=off', async () => {
  const off = await startTestServer({ CONSOLE: 'off' });
  try {
    expect((await get('/console', {}, 'GET', off.port)).status).toBe(404);
    expect((await get('/console/app.js', {}, 'GET', off.port)).status).toBe(404);
  } finally {
    await off.stop();
  }
});
