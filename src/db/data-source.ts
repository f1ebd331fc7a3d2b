// The one TypeORM DataSource, for MySQL/MariaDB or the embedded SQLite default.
import { DataSource, type DataSourceOptions, type ReplicationMode } from 'typeorm';
import type { Config, ReadReplicasConfig } from '../config';
import { ensurePrivateFile } from '../config/private-files';
import { entities } from './entities';
import { migrations } from '../../migrations';
import { SqliteDatabase } from './sqlite-driver';
import { strictMysql2 } from './mysql-driver';
import { replicaReadsAllowed } from './replicas/scope';
import { routeReplicaConnections } from './replicas/route';
import { createHostRotation, failoverLogger, parseDbHosts } from './failover';

export type Db = DataSource;

/**
 * With read replicas: TypeORM's replication (one mysql2 pool per server), where a SELECT outside a transaction reads a
 * replica only in a replica scope (replicas/scope.ts) instead of always, and the replica is the monitor's pick.
 */
class ReplicatedDataSource extends DataSource {
  constructor(options: DataSourceOptions) {
    super(options);
    routeReplicaConnections(this);
  }

  override defaultReplicationModeForReads(): ReplicationMode {
    return replicaReadsAllowed() ? 'slave' : 'master';
  }
}

export const createDataSource = (config: Pick<Config, 'database'> & { readReplicas?: ReadReplicasConfig }): Db => {
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
  const mysql = {
    ...common,
    type: 'mysql' as const,
    // Every connection in strict SQL mode (mysql-driver.ts).
    driver: strictMysql2,
    charset: 'utf8mb4',
    // Dates are stored and read as UTC whatever the server's zone.
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    // trace: mysql2 captures a stack per query by default (4–6 % of server CPU under load).
    extra: { connectionLimit: 20, trace: false },
  };
  const replicas = config.readReplicas?.urls ?? [];
  if (!replicas.length) {
    // Several hosts (a Galera cluster's nodes): new connections go to one node, and to the next once it fails (failover.ts).
    const hosts = config.database.hosts ?? [];
    if (hosts.length > 1) {
      const rotation = createHostRotation(hosts.map((h) => parseDbHosts(h)[0]));
      return new DataSource({ ...mysql, url: config.database.url, extra: { ...mysql.extra, stream: rotation.stream }, logger: failoverLogger(rotation) });
    }
    return new DataSource({ ...mysql, url: config.database.url });
  }
  return new ReplicatedDataSource({
    ...mysql,
    replication: {
      master: { url: config.database.url },
      slaves: replicas.map((url) => ({ url })),
      // The monitor decides which replica is fit (replicas/monitor.ts); the cluster must neither retry another node on
      // its own nor ever drop one (mysql2 removes a node for good after 5 failed connects by default, the primary too).
      canRetry: false,
      removeNodeErrorCount: Number.MAX_SAFE_INTEGER,
    },
  });
};

export const dialectOf = (db: Db): 'mysql' | 'sqlite' => (db.options.type === 'mysql' ? 'mysql' : 'sqlite');
