// The `strata` CLI as users run it: real processes, real database.
import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { PATIENCE_MS } from '../../helpers/patience';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const run = promisify(execFile);
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const strata = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...db.env, LOG_LEVEL: 'warn', ...env } });

it('runs migrations from two processes at once, applying each once', async () => {
  const [a, b] = await Promise.all([strata(['migrate']), strata(['migrate'])]);
  expect(a.stderr + b.stderr).not.toMatch(/error/i);
  const { stdout } = await strata(['project', 'create', '--name', 'after-migrate']);
  expect(JSON.parse(stdout).projectId).toBeGreaterThan(0);
});

it('creates a project and prints one JSON line with its credentials', async () => {
  const { stdout } = await strata(['project', 'create', '--name', 'Acme']);
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const out = JSON.parse(lines[0]);
  // `key`, as `strata key create` names the key it issues; `accessKey` repeats it for one release (deprecated).
  expect(out).toEqual({
    projectId: expect.any(Number),
    key: expect.stringMatching(/^[A-Za-z0-9_-]{30,}$/),
    accessKey: out.key,
    bearerToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
  });

  const token = JSON.parse((await strata(['project', 'token', '--project', String(out.projectId)])).stdout);
  expect(token.bearerToken).not.toBe(out.bearerToken);
  const key = JSON.parse((await strata(['project', 'key', '--project', String(out.projectId)])).stdout);
  expect(key).toEqual({ projectId: out.projectId, key: expect.stringMatching(/^[A-Za-z0-9_-]{30,}$/), accessKey: key.key });
  expect(key.key).not.toBe(out.key);
});

it('manages a project’s access keys: create, list, update, rotate, revoke', async () => {
  const { projectId } = JSON.parse((await strata(['project', 'create', '--name', 'Keys'])).stdout);
  const p = ['--project', String(projectId)];
  const web = JSON.parse(
    (await strata(['key', 'create', ...p, '--name', 'web', '--origin', 'https://app.example.com', '--default', '--requests-per-second', '20', '--requests-per-month', '100000'])).stdout,
  );
  expect(web.accessKey).toMatchObject({ name: 'web', isDefault: true, origins: ['https://app.example.com'], hint: web.key.slice(-4), requestsPerSecond: 20, requestsPerMonth: 100000 });
  const id = ['--id', String(web.accessKey.id)];
  const listed = JSON.parse((await strata(['key', 'list', ...p])).stdout);
  expect(listed.map((k: { name: string; isDefault: boolean }) => [k.name, k.isDefault])).toEqual([
    ['default', false],
    ['web', true],
  ]);
  expect(JSON.parse((await strata(['key', 'update', ...p, ...id, '--any-origin', '--name', 'site', '--requests-per-second', '0'])).stdout)).toMatchObject({
    name: 'site',
    origins: [],
    requestsPerSecond: null,
    requestsPerMonth: 100000,
  });
  const rotated = JSON.parse((await strata(['key', 'rotate', ...p, ...id])).stdout);
  expect(rotated.key).not.toBe(web.key);
  expect(rotated.accessKey).toMatchObject({ id: web.accessKey.id, requestsPerMonth: 100000 });
  expect(JSON.parse((await strata(['key', 'revoke', ...p, '--id', String(rotated.accessKey.id)])).stdout)).toEqual({ revoked: rotated.accessKey.id });
  const [left] = JSON.parse((await strata(['key', 'list', ...p])).stdout);
  await expect(strata(['key', 'revoke', ...p, '--id', String(left.id)])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('at least one access key') });
});

it('prints its version', async () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
  expect((await strata(['--version'])).stdout.trim()).toBe(version);
});

it('refuses an unknown project with a clear message', async () => {
  await expect(strata(['project', 'token', '--project', '999999'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('project 999999 does not exist') });
});

it('stops at start on bad configuration, listing every problem', async () => {
  const err = await strata(['serve'], { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'postgres://x' }).catch((e) => e);
  expect(err.code).toBe(2);
  expect(err.stderr).toContain('PORT');
  expect(err.stderr).toContain('LOG_LEVEL');
  expect(err.stderr).toContain('DATABASE_URL');
});

it('says in one line what to fix when the port is taken, the database is unreachable or CHAINS is malformed', async () => {
  const taken = net.createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
  const port = String((taken.address() as net.AddressInfo).port);
  const inUse = await strata(['serve'], { PORT: port, HOST: '127.0.0.1' }).catch((e) => e);
  taken.close();
  expect(inUse.code).toBe(1);
  // The last line (a tree whose dist/ is stale says so first).
  expect(inUse.stderr.trim().split('\n').pop()).toBe(`strata: port ${port} on 127.0.0.1 is already in use: stop the process using it, or set PORT to another port`);

  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const deadPort = (closed.address() as net.AddressInfo).port;
  await new Promise((r) => closed.close(r));
  const url = `mysql://root:secret@127.0.0.1:${deadPort}/strata`;
  const noDb = await strata(['serve'], { DATABASE_URL: url, JWT_SECRET: 'x'.repeat(40) }).catch((e) => e);
  expect(noDb.code).toBe(1);
  expect(noDb.stderr).toContain(`strata: cannot open the database of DATABASE_URL (mysql://root:***@127.0.0.1:${deadPort}/strata)`);
  expect(noDb.stderr).not.toContain('secret');
  expect(noDb.stderr.trim().split('\n').filter((l: string) => !l.includes('sources changed'))).toHaveLength(1);

  const chains = await strata(['serve'], { CHAINS: 'garbage' }).catch((e) => e);
  expect(chains.code).toBe(2);
  expect(chains.stderr).toContain('"garbage" is not <chainId>[:<name>]=<url>');
  expect(chains.stderr).toContain('1:mainnet=https://eth.example/rpc');
  expect(chains.stderr).not.toContain('NaN');
});

/** Starts `strata serve` on a free port; resolves with the port once it is serving, and the output so far. */
const serve = async (env: Record<string, string>) => {
  const child = spawn(process.execPath, [BIN, 'serve'], { env: { PATH: process.env.PATH, ...db.env, PORT: '0', HOST: '127.0.0.1', ...env } });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print its port in ${PATIENCE_MS} ms: ${out}`)), PATIENCE_MS);
    child.stdout.on('data', () => {
      const m = /"port":(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  /** SIGTERM; resolves with the exit code. */
  const stop = () => new Promise<number | null>((r) => (child.once('exit', (code) => r(code)), child.kill('SIGTERM')));
  return { port, output: () => out, stop };
};

it('logs client mistakes without stack traces, on GraphQL and RPC alike', async () => {
  const s = await serve({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
  await fetch(`http://127.0.0.1:${s.port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ tokenBalances(accountAddress: "nope") { pageSize } }' }),
  });
  await fetch(`http://127.0.0.1:${s.port}/rpc/Indexer/GetTokenBalances`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"accountAddress":"nope"}' });
  await new Promise((r) => setTimeout(r, 200));
  await s.stop();
  const lines = s.output().trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.filter((l) => l.msg === 'graphql client error' || l.msg === 'rpc client error').map((l) => [l.level, l.code])).toEqual([
    [20, 'Unauthorized'],
    [20, 'Unauthorized'],
  ]);
  expect(s.output()).not.toContain('"stack"');
});

it('prints pretty one-line logs with LOG_FORMAT=pretty', async () => {
  const s = await serve({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
  await s.stop();
  const serving = s.output().split('\n').find((l) => l.includes('strata is serving'))!;
  expect(serving).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*strata is serving/);
  expect(s.output()).not.toContain('{"level"');
});

it('serves, answers /health and /ready, and shuts down cleanly on SIGTERM', async () => {
  const METRICS_TOKEN = 'metrics-token-for-the-cli-test';
  const { port, output, stop } = await serve({ LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_TOKEN });
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  expect(await (await fetch(`http://127.0.0.1:${port}/ready`)).json()).toEqual({ status: 'ready' });
  expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(metrics).toContain('strata_http_request_duration_seconds');
  expect(await stop()).toBe(0);
  expect(output()).toContain('shutting down');
  // One line once everything is closed.
  expect(JSON.parse(output().trim().split('\n').pop()!)).toMatchObject({ msg: 'stopped' });
});

it('manages the contracts a chain is limited to', async () => {
  const named = { CHAINS: JSON.stringify([{ chainId: 31337, name: 'local', url: 'http://127.0.0.1:9', contracts: [] }]) };
  await strata(['migrate'], named);
  const address = `0x${'ab'.repeat(20)}`;
  const added = JSON.parse((await strata(['chain', 'add', '--chain', 'local', '--contract-address', address.toUpperCase().replace('0X', '0x'), '--start-block', '7'], named)).stdout);
  expect(added).toMatchObject({ address, state: 'pending', wanted: 'indexed', origin: 'operator', startBlock: 7 });
  expect(JSON.parse((await strata(['chain', 'list', '--chain', '31337'], named)).stdout)).toEqual([added]);
  expect(JSON.parse((await strata(['chain', 'remove', '--chain', 'local', '--contract-address', address], named)).stdout)).toMatchObject({ wanted: 'removed' });
  // No indexer has applied the removal yet: nothing is deleted, and the reply says which contracts wait.
  expect(JSON.parse((await strata(['chain', 'prune', '--chain', 'local'], named)).stdout)).toEqual({ chainId: 31337, pruned: [], waiting: [address] });

  const whole = { CHAINS: JSON.stringify([{ chainId: 31337, url: 'http://127.0.0.1:9' }]) };
  await expect(strata(['chain', 'add', '--chain', '31337', '--contract-address', address], whole)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('indexes every token contract'),
  });
  await expect(strata(['chain', 'add', '--chain', '31337', '--contract-address', address, '--start-block', 'soon'], named)).rejects.toMatchObject({
    stderr: expect.stringContaining('must be a block number'),
  });
});

it('names a contract --contract-address, as GraphQL’s contractAddress; --address and --contract still work with a one-line note', async () => {
  const named = { CHAINS: JSON.stringify([{ chainId: 31337, name: 'local', url: 'http://127.0.0.1:9', contracts: [] }]) };
  const address = `0x${'cd'.repeat(20)}`;
  const current = await strata(['chain', 'add', '--chain', 'local', '--contract-address', address], named);
  expect(current.stderr).not.toContain('deprecated');
  const old = await strata(['chain', 'remove', '--chain', 'local', '--address', address], named);
  expect(JSON.parse(old.stdout)).toMatchObject({ address, wanted: 'removed' });
  expect(old.stderr.split('\n').filter((l: string) => l.includes('deprecated'))).toEqual([
    'strata: --address is deprecated; use --contract-address (it will be removed in a later release)',
  ]);
  await expect(strata(['chain', 'add', '--chain', 'local', '--contract-address', address, '--address', `0x${'ef'.repeat(20)}`], named)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('name different contracts'),
  });
  // token-metadata refresh called it --contract: the same note, and the address is checked under its new name.
  const bad = await strata(['token-metadata', 'refresh', '--chain', 'local', '--contract', 'nope', '--token', '1'], named).catch((e) => e);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('strata: --contract is deprecated; use --contract-address');
  expect(bad.stderr).toContain('--contract-address');
});
