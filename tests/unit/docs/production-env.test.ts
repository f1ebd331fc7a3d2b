// The environment file of docs/production-single-node.md, with its blanks filled as the guide asks, is a
// configuration Strata accepts, and it means what the guide says: production mode behind one proxy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';

const guide = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'production-single-node.md'), 'utf8');

/** The block that sets STRATA_MODE, read as systemd's EnvironmentFile reads it (comments skipped, quotes removed). */
const envFile = (): Record<string, string> => {
  const block = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => /^STRATA_MODE=/m.test(b));
  if (!block) throw new Error('docs/production-single-node.md: no environment file block');
  const env: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2].replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
  }
  return env;
};

it('is accepted once its blanks are filled, and means production behind one proxy', () => {
  const env = envFile();
  const blanks = Object.keys(env).filter((k) => env[k] === '');
  expect(blanks.sort()).toEqual(['ADMIN_TOKEN', 'METRICS_TOKEN']);
  for (const k of blanks) env[k] = crypto.randomBytes(32).toString('hex'); // `openssl rand -hex 32`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-prod-env-'));
  try {
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    expect(config.edge.deployed).toBe(true);
    expect(config.edge.graphiql).toBe(false);
    expect(config.edge.trustProxyHops).toBe(1);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('https://strata.example.com');
    expect(config.database.kind).toBe('sqlite');
    expect(config.chains.map((c) => [c.chainId, c.name, c.endpoints.length])).toEqual([
      [1, 'mainnet', 2],
      [137, 'polygon', 1],
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it('with the MariaDB lines uncommented and a JWT_SECRET, is a MySQL configuration', () => {
  const env: Record<string, string> = { ...envFile(), ADMIN_TOKEN: 'a'.repeat(64), METRICS_TOKEN: 'b'.repeat(64) };
  const mariadb = /^#(DATABASE_URL=\S+)$/m.exec(guide);
  expect(mariadb).not.toBeNull();
  env.DATABASE_URL = mariadb![1].slice('DATABASE_URL='.length);
  env.JWT_SECRET = crypto.randomBytes(32).toString('hex');
  expect(loadConfig(env).database).toMatchObject({ kind: 'mysql', database: 'strata' });
});
