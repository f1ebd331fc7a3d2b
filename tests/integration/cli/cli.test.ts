// The `strata` CLI as users run it: real processes, real database.
import { spawn, execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

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
  expect(out).toEqual({ projectId: expect.any(Number), accessKey: expect.stringMatching(/^[A-Za-z0-9_-]{30,}$/), bearerToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/) });

  const token = JSON.parse((await strata(['project', 'token', '--project', String(out.projectId)])).stdout);
  expect(token.bearerToken).not.toBe(out.bearerToken);
  const key = JSON.parse((await strata(['project', 'key', '--project', String(out.projectId)])).stdout);
  expect(key.accessKey).not.toBe(out.accessKey);
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

it('serves, answers /health and /ready, and shuts down cleanly on SIGTERM', async () => {
  const child = spawn(process.execPath, [BIN, 'serve'], { env: { PATH: process.env.PATH, ...db.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout.on('data', () => {
      const m = /"port":(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  expect(await (await fetch(`http://127.0.0.1:${port}/ready`)).json()).toEqual({ status: 'ready' });
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  expect(metrics).toContain('strata_http_request_duration_seconds');
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(out).toContain('shutting down');
});
