// A fresh database per test file: a temp SQLite file, or (DATABASE_URL=mysql://…) a new MySQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createConnection } from 'mysql2/promise';

export type TestDatabase = { env: Record<string, string>; dataDir: string; drop(): Promise<void> };

export const createTestDatabase = async (): Promise<TestDatabase> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-test-'));
  const base = process.env.DATABASE_URL;
  const cleanDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!base || !base.startsWith('mysql://')) {
    return { env: { DATA_DIR: dataDir }, dataDir, drop: async () => cleanDir() };
  }
  const url = new URL(base);
  const name = `strata_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await createConnection({ uri: `${url.protocol}//${url.username}:${url.password}@${url.host}/` });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), JWT_SECRET: crypto.randomBytes(32).toString('hex') },
    dataDir,
    drop: async () => {
      const c = await createConnection({ uri: `${url.protocol}//${url.username}:${url.password}@${url.host}/` });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      cleanDir();
    },
  };
};

export const dialect = (): 'mysql' | 'sqlite' => (process.env.DATABASE_URL?.startsWith('mysql://') ? 'mysql' : 'sqlite');
