// Read-only statements on the query hot path (indexer pages), run as directly as the driver allows.
//
// On MySQL, `DataSource.query` takes a pooled connection into a query runner, wraps it in mysql2's
// promise API — which runs `require()` on every call — broadcasts subscriber events and releases the
// connection: together more CPU than the statement itself for a single-row page. Here the statement
// goes straight to the pool that TypeORM created (same options: time zone, big numbers as strings),
// and is logged through TypeORM's logger as before. SQLite's query runner is already a thin call into
// a cached prepared statement, so it is used as is. Only for reads outside transactions.
import { QueryFailedError } from 'typeorm';
import type { Db } from './data-source';

type MysqlPool = { query(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void };

export const readQuery = <T = Record<string, unknown>>(db: Db, sql: string, params: unknown[]): Promise<T[]> => {
  const pool = db.options.type === 'mysql' ? (db.driver as unknown as { pool?: MysqlPool }).pool : undefined;
  if (!pool) return db.query(sql, params);
  db.logger.logQuery(sql, params);
  return new Promise((resolve, reject) =>
    pool.query(sql, params, (err, rows) => {
      if (!err) return resolve(rows as T[]);
      db.logger.logQueryError(err, sql, params);
      reject(new QueryFailedError(sql, params, err));
    }),
  );
};
