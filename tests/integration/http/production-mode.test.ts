// Production mode on the embedded database (NODE_ENV=production, SQLite or MariaDB alike): GraphiQL, anonymous
// introspection, /metrics and CORS * are closed, and a browser opening / or /graphql is told where things are and how
// to open the explorer, instead of a JSON error.
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'production' }, { index: false });
});
afterAll(() => server?.stop());

const browser = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

it('answers a browser at / and /graphql with a page saying GraphiQL is off and how to turn it on', async () => {
  for (const path of ['/', '/graphql']) {
    const res = await fetch(`${server.url}${path}`, { headers: browser });
    expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=utf-8']);
    const page = await res.text();
    expect(page).toContain('GraphiQL is off');
    expect(page).toContain('GRAPHIQL=on');
    expect(page).toContain('STRATA_MODE=development');
    expect(page).not.toContain('graphiql.min');
  }
  // A GET query from a browser still runs; API clients still get JSON.
  const query = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: browser });
  expect(query.headers.get('content-type')).toMatch(/json/);
  expect((await fetch(`${server.url}/`)).status).toBe(404);
});

it('refuses anonymous introspection, /metrics without a token and cross-origin reads', async () => {
  const r = await server.graphql('{ __schema { queryType { name } } }');
  expect(r.body.errors?.[0]?.message).toMatch(/introspection/i);
  expect((await fetch(`${server.url}/metrics`)).status).not.toBe(200);
  const cors = await fetch(`${server.url}/health`, { headers: { Origin: 'https://elsewhere.example' } });
  expect(cors.headers.get('access-control-allow-origin')).toBeNull();
});
