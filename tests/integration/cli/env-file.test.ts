// `strata` reads a .env file from its working directory before anything else; a variable set in the environment wins
// over the file's.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const run = promisify(execFile);
let db: TestDatabase;
let cwd: string;

beforeAll(async () => {
  db = await createTestDatabase();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-env-file-'));
});
afterAll(async () => {
  fs.rmSync(cwd, { recursive: true, force: true });
  await db.drop();
});

/** `strata args` in the directory holding the .env, with nothing in its environment but PATH and `env`. */
const strata = (args: string[], env: Record<string, string> = {}) => run(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH, ...env } });

const writeEnvFile = (vars: Record<string, string>) =>
  fs.writeFileSync(path.join(cwd, '.env'), `# settings of this directory\n${Object.entries(vars).map(([k, v]) => `${k}=${v}`).join('\n')}\n`);

it('takes its settings from .env in the working directory', async () => {
  writeEnvFile({ ...db.env, LOG_LEVEL: 'warn' });
  const { stdout } = await strata(['project', 'create', '--name', 'from-dotenv']);
  expect(JSON.parse(stdout)).toMatchObject({ projectId: expect.any(Number), key: expect.any(String) });
});

it('lets the environment win over .env, and names the bad values that came from the file', async () => {
  writeEnvFile({ ...db.env, PORT: 'eighty', LOG_LEVEL: 'loud' });
  const err = await strata(['serve'], { PORT: '0' }).catch((e) => e);
  expect(err.code).toBe(2);
  expect(err.stderr).toContain('LOG_LEVEL');
  expect(err.stderr).not.toContain('PORT');
});

it('lists the environment in `serve --help`', async () => {
  const { stdout } = await strata(['serve', '--help']);
  expect(stdout).toContain('Environment (a .env file in the working directory is read first');
  expect(stdout).toMatch(/^  DATABASE_URL +\S/m);
  expect(stdout).toMatch(/^  CHAINS +\S/m);
});
