// Every request runs its resolvers once, on every entry path, including requests that fail: queries are not
// read-only (metadata reads upsert rows and start fetches), so running one twice would repeat those effects.
// The count is taken at the domain service the resolver calls (the real one, counted on its way through).
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let key: string;
let calls = 0;

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337=http://127.0.0.1:9' }, { index: false });
  key = (await server.createProject('once')).accessKey;
  const indexer = server.app.services.indexer;
  const real = indexer.tokenBalances.bind(indexer);
  indexer.tokenBalances = (creds, req) => {
    calls++;
    return real(creds, req);
  };
});
afterAll(() => server.stop());
beforeEach(() => {
  calls = 0;
});

const GOOD = '0x00000000000000000000000000000000000000a1';
const query = (account: string) => `query Q { tokenBalances(accountAddress: "${account}") { edges { node { balance } } } }`;

const post = async (body: unknown) => {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': key }, body: JSON.stringify(body) });
  return (await res.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string }; locations?: unknown }> };
};

describe.each([
  ['a valid query', GOOD, undefined],
  ['a query whose resolver fails', 'not-an-address', 'INVALID_ARGUMENT'],
])('%s', (_name, account, code) => {
  it('POST /graphql (the direct path), twice: compiled on its second run', async () => {
    for (let i = 1; i <= 2; i++) {
      const reply = await post({ query: query(account) });
      expect(reply.errors?.[0]?.extensions?.code).toBe(code);
      if (code) expect(reply.errors![0].locations).toEqual([{ line: 1, column: 11 }]);
      expect(calls).toBe(i);
    }
  });

  it('POST /graphql through yoga', async () => {
    const reply = await post({ query: query(account), extensions: {} });
    expect(reply.errors?.[0]?.extensions?.code).toBe(code);
    expect(calls).toBe(1);
  });

  it('GET /graphql', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query(account))}`, { headers: { 'X-Access-Key': key, Accept: 'application/json' } });
    const reply = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(reply.errors?.[0]?.extensions?.code).toBe(code);
    expect(calls).toBe(1);
  });

  it('a query over graphql-ws', async () => {
    const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
    const reply = await new Promise<any>((resolve) => {
      client.subscribe({ query: query(account) }, { next: resolve, error: resolve, complete: () => undefined });
    });
    await client.dispose();
    expect(JSON.stringify(reply).includes('INVALID_ARGUMENT')).toBe(code !== undefined);
    expect(calls).toBe(1);
  });

  it('POST /rpc/Indexer/GetTokenBalances, twice', async () => {
    for (let i = 1; i <= 2; i++) {
      const res = await fetch(`${server.url}/rpc/Indexer/GetTokenBalances`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
        body: JSON.stringify({ accountAddress: account }),
      });
      expect(res.status).toBe(code ? 400 : 200);
      expect(calls).toBe(i);
    }
  });
});
