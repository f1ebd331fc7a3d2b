// `strata dev` as a newcomer runs it: one command, then data in GraphQL, a live subscription, and Ctrl-C stopping
// everything it started (anvil included).
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { PATIENCE_MS } from '../../helpers/patience';

let dev: StrataProcess & { match: RegExpExecArray };
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dev-'));
  dev = await startStrata(['dev'], { DATA_DIR: dataDir, PORT: '0', LOG_FORMAT: 'json' }, /"msg":"strata dev is ready"/, 60_000);
});

afterAll(async () => {
  await dev?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('serves the devnet’s tokens with the printed key, streams its transfers, and stops everything on SIGINT', async () => {
  const ready = JSON.parse(dev.output().split('\n').find((l) => l.includes('strata dev is ready'))!);
  const { port, accessKey } = ready;
  const devnet = /devnet\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(dev.output())![1];
  const erc20 = /ERC-20\s+(0x[0-9a-f]{40})/.exec(dev.output())![1];
  const wallet = /wallets\s+(0x[0-9a-f]{40})/.exec(dev.output())![1];

  // Balances of the sample tokens, with their contract info, once ingestion has the deployment blocks.
  const query = `{ tokenBalances(accountAddress: "${wallet}") { edges { node { contractType balance contractInfo { symbol } } } } }`;
  let kinds: string[] = [];
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && kinds.length < 3; ) {
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': accessKey },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { data: { tokenBalances: { edges: Array<{ node: { contractType: string } }> } } };
    kinds = [...new Set(body.data.tokenBalances.edges.map((e) => e.node.contractType))].sort();
    if (kinds.length < 3) await new Promise((r) => setTimeout(r, 200));
  }
  expect(kinds).toEqual(['ERC1155', 'ERC20', 'ERC721']);

  // The sample contracts are a token list of the dev server's (docs/guide/trust.md): the default summary (VERIFIED) lists them.
  let verified: string[] = [];
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && verified.length < 3; ) {
    const res = await fetch(`http://127.0.0.1:${port}/rpc/Indexer/GetTokenBalancesSummary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': accessKey },
      body: JSON.stringify({ filter: { accountAddresses: [wallet] }, omitMetadata: false }),
    });
    const body = (await res.json()) as { balances: Array<{ contractType: string; contractInfo?: { extensions: { verifiedBy?: string } } }> };
    verified = body.balances.filter((b) => b.contractInfo?.extensions.verifiedBy === 'Strata dev samples').map((b) => b.contractType).sort();
    if (verified.length < 3) await new Promise((r) => setTimeout(r, 200));
  }
  expect(verified).toEqual(['ERC1155', 'ERC20', 'ERC721']);

  // The devnet keeps transferring: a subscription hears the next one.
  const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket });
  const update = await new Promise<any>((resolve, reject) => {
    const dispose = client.subscribe(
      { query: `subscription { balanceEvents(contractAddress: "${erc20}") { accountAddress balance } }`, extensions: { headers: { 'X-Access-Key': accessKey } } },
      { next: (v) => (dispose(), resolve(v)), error: reject, complete: () => undefined },
    );
  });
  expect(update.data.balanceEvents.accountAddress).toMatch(/^0x[0-9a-f]{40}$/);
  await client.dispose();

  // GraphiQL opens with the dev key in its Headers tab.
  const page = await (await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: 'text/html' } })).text();
  expect(page).toContain(accessKey);

  // The banner says where the console is and how to reach its operator view.
  expect(dev.output()).toMatch(/console\s+http:\/\/localhost:\d+\/console/);
  expect(dev.output()).toContain('ADMIN_TOKEN');

  const exited = new Promise<number | null>((r) => dev.child.once('exit', (code) => r(code)));
  dev.child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(dev.output().trim().split('\n').pop()).toBe('strata dev stopped (server, ingestion and devnet)');
  const stillUp = await fetch(devnet, { method: 'POST', body: '{}', signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  expect(stillUp).toBe(false);
});

it('leaves no anvil behind when it cannot start (the HTTP port is busy)', async () => {
  const busy = net.createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
  const port = (busy.address() as net.AddressInfo).port;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dev-busy-'));
  try {
    const child = spawn(process.execPath, [path.join(__dirname, '..', '..', '..', 'bin', 'strata.js'), 'dev'], {
      env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).not.toBe(0);
    expect(out).toMatch(/already in use/);
    const devnet = JSON.parse(out.split('\n').find((l) => l.includes('"devnet started"'))!).rpcUrl as string;
    const stillUp = await fetch(devnet, { method: 'POST', body: '{}', signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    expect(stillUp).toBe(false);
  } finally {
    busy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
