// `strata index` as deployed beside `strata serve --no-index` replicas: it ingests, and its port answers the
// operations endpoints (/health, /ready, /metrics) and nothing else.
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { PATIENCE_MS } from '../../helpers/patience';

let anvil: Anvil;
let db: TestDatabase;
let indexer: StrataProcess | undefined;

beforeAll(async () => {
  anvil = await startAnvil();
  db = await createTestDatabase();
});

afterAll(async () => {
  await indexer?.kill();
  await anvil?.stop();
  await db?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const blockNumber = async () => Number(await anvil.rpc<string>('eth_blockNumber'));

/** Scrapes /metrics until strata_chain_indexed_block{chain=<id>} reaches `block`; returns the last scrape. */
const metricsOnceIndexed = async (url: string, block: number): Promise<string> => {
  const gauge = new RegExp(`^strata_chain_indexed_block\\{chain="${anvil.chainId}"\\} (\\d+)$`, 'm');
  let text = '';
  for (const deadline = Date.now() + PATIENCE_MS; Date.now() < deadline; await sleep(100)) {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    text = await res.text();
    const m = gauge.exec(text);
    if (m && Number(m[1]) >= block) return text;
  }
  throw new Error(`strata_chain_indexed_block{chain="${anvil.chainId}"} did not reach ${block}:\n${text}`);
};

it('ingests and serves /health, /ready and /metrics on PORT, 404 for the API, and stops cleanly', async () => {
  await anvil.rpc('anvil_mine', ['0x5']);
  const mined = await blockNumber();
  expect(mined).toBeGreaterThanOrEqual(5);

  const started = await startStrata(
    ['index'],
    { ...db.env, PORT: '0', HOST: '127.0.0.1', CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]) },
    /"port":(\d+)[^\n]*"strata is indexing"/,
  );
  indexer = started;
  const port = Number(started.match[1]);
  expect(port).toBeGreaterThan(0);
  const url = `http://127.0.0.1:${port}`;

  let ready: Response | undefined;
  for (const deadline = Date.now() + PATIENCE_MS; Date.now() < deadline && ready?.status !== 200; await sleep(100)) {
    ready = await fetch(`${url}/ready`);
  }
  expect(ready?.status).toBe(200);
  expect(await ready!.json()).toEqual({ status: 'ready' });

  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  let metrics = await metricsOnceIndexed(url, mined);
  expect(metrics).toMatch(new RegExp(`^strata_chain_head_block\\{chain="${anvil.chainId}"\\} \\d+$`, 'm'));
  expect(metrics).toContain('strata_process_resident_memory_bytes');
  expect(metrics).toMatch(/^strata_http_request_duration_seconds_count\{route="\/ready",method="GET",status="200"\} \d+$/m);

  // It follows the head.
  await anvil.rpc('anvil_mine', ['0x3']);
  metrics = await metricsOnceIndexed(url, await blockNumber());

  // The API is not served here.
  for (const [method, path] of [['GET', '/graphql'], ['POST', '/graphql'], ['POST', '/rpc/Indexer/GetTokenBalances'], ['GET', '/projects/1/documents/x']]) {
    const res = await fetch(`${url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
    expect({ method, path, status: res.status, body: await res.json() }).toEqual({ method, path, status: 404, body: { error: 'not found' } });
  }
  expect((await fetch(`${url}/health`, { method: 'POST' })).status).toBe(404);

  expect(await indexer.stop()).toBe(0);
  expect(indexer.output()).toContain('shutting down');
});
