// The one TypeORM DataSource, for MySQL/MariaDB or the embedded SQLite default.
import { DataSource } from 'typeorm';
import type { Config } from '../config';
import { ensurePrivateFile } from '../config/private-files';
import { entities } from './entities';
import { migrations } from '../../migrations';
import { SqliteDatabase } from './sqlite-driver';

export type Db = DataSource;

export const createDataSource = (config: Pick<Config, 'database'>): Db => {
  const common = { entities, migrations, synchronize: false, migrationsTransactionMode: 'each' as const, logging: false };
  if (config.database.kind === 'sqlite') {
    const { path: file, cacheMb } = config.database;
    ensurePrivateFile(file, [`${file}-wal`, `${file}-shm`, `${file}-journal`]);
    return new DataSource({
      ...common,
      type: 'better-sqlite3',
      driver: SqliteDatabase,
      database: config.database.path,
      // WAL lets readers proceed while the ingester writes; the busy timeout covers
      // short write overlaps between processes sharing the file.
      enableWAL: true,
      timeout: 15_000,
      prepareDatabase: (db: { pragma(s: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
        // SQLITE_CACHE_MB, default SQLite's own 2 MB: ingestion inserts into indexes keyed by account and contract all over
        // their B-trees, so a larger cache helps a large chain a little (BENCHMARKS.md), at its size in RSS.
        db.pragma(`cache_size = -${cacheMb * 1024}`);
      },
    });
  }
  return new DataSource({
    ...common,
    type: 'mysql',
    url: config.database.url,
    charset: 'utf8mb4',
    // Dates are stored and read as UTC whatever the server's zone.
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    // trace: mysql2 captures a stack per query by default (4–6 % of server CPU under load).
    extra: { connectionLimit: 20, trace: false },
  });
};

export const dialectOf = (db: Db): 'mysql' | 'sqlite' => (db.options.type === 'mysql' ? 'mysql' : 'sqlite');
