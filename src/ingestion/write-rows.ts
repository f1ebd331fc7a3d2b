// INSERTs for ingestion (keep the stored row of a key already there, or upsert), written as plain SQL: multi-row on MySQL, prepared statements
// of a few rows (inserts) or one (upserts) on SQLite. TypeORM's query builder spends more time on parameter bookkeeping
// than the database spends writing.
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ROWS_PER_STATEMENT, runSqliteRows } from '../db';

// MySQL: 16,000 values stay far below the default max_allowed_packet while keeping round trips few.
const MAX_PARAMS = 16_000;

export const chunks = <T>(rows: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

// 'keep': a row whose key is stored already is left as it is, and only that: not INSERT IGNORE, which on MySQL also
// turns every other refusal (a value out of its column's range, too long, NULL where none may be) into a warning and
// writes a clamped or truncated row, or none (#48: a log index above 2^31 - 1 was clamped and its neighbour dropped).
type Conflict = { mode: 'keep' } | { mode: 'upsert'; update: string[]; key: string[] };

/**
 * Rows in primary-key order (a copy; the caller's order is kept where the key is not set, e.g. auto-increment ids).
 * Balances are keyed by account and balance changes by contract first: in arrival order each row of a batch lands on
 * a B-tree page far from the previous one's, so every row walks the tree down through pages the small page cache
 * (SQLite) or the buffer pool (InnoDB) has just let go. In key order neighbouring rows share their path and often
 * their leaf. Keys compare as the databases compare them: numbers by value, text by bytes (BINARY, utf8mb4_bin).
 * Rows already in key order (transfers, blocks) cost one comparison each.
 */
const inKeyOrder = <T extends ObjectLiteral>(rows: T[], keys: string[]): T[] => {
  if (rows.length < 2 || keys.some((k) => rows[0][k] === undefined || rows[0][k] === null)) return rows;
  const compare = (a: T, b: T) => {
    for (const k of keys) {
      const x = a[k];
      const y = b[k];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  for (let i = 1; i < rows.length; i++) if (compare(rows[i - 1], rows[i]) > 0) return [...rows].sort(compare);
  return rows;
};

const insertRows = async <T extends ObjectLiteral>(m: EntityManager, entity: EntityTarget<T>, rows: T[], conflict: Conflict) => {
  if (!rows.length) return;
  const meta = m.connection.getMetadata(entity);
  const driver = m.connection.driver;
  const mysql = m.connection.options.type === 'mysql';
  const q = (name: string) => driver.escape(name);
  const columns = meta.columns.filter((c) => rows[0][c.propertyName] !== undefined);
  const head = `INSERT INTO ${q(meta.tableName)} (${columns.map((c) => q(c.databaseName)).join(', ')}) VALUES `;
  let tail: string;
  if (conflict.mode === 'keep') {
    // MySQL has no DO NOTHING: assigning a key column its own value changes nothing (the row counts as unchanged).
    const first = q(meta.primaryColumns[0].databaseName);
    tail = mysql ? ` ON DUPLICATE KEY UPDATE ${first} = ${first}` : ' ON CONFLICT DO NOTHING';
  } else {
    tail = mysql
      ? ` ON DUPLICATE KEY UPDATE ${conflict.update.map((c) => `${q(c)} = VALUES(${q(c)})`).join(', ')}`
      : ` ON CONFLICT (${conflict.key.map(q).join(', ')}) DO UPDATE SET ${conflict.update.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  // MySQL only: InnoDB's pages came out 6 % fuller and the server spent 8 % less CPU on the million-event chain; SQLite
  // ran no faster there, and erc20-100k (one contract, every page cached) 3-7 % slower for the sorting.
  if (mysql) rows = inKeyOrder(rows, meta.primaryColumns.map((c) => c.propertyName));
  const values = (row: T) => columns.map((c) => driver.preparePersistentValue(row[c.propertyName], c));
  // SQLite: statements prepared once (db/sqlite-rows.ts), INSERTs of ROWS_PER_STATEMENT rows and upserts of one. Upserts
  // of 32 rows (balances, whose keys land on random pages) made the million-event chain 3-11 % slower in three runs
  // side by side; 32-row INSERTs with single-row upserts ran it as fast or up to 10 % faster (BENCHMARKS.md, eleventh
  // session). MySQL: few round trips.
  const perStatement = conflict.mode === 'upsert' ? 1 : ROWS_PER_STATEMENT;
  if (!mysql) return runSqliteRows(m, (n) => head + Array(n).fill(tuple).join(', ') + tail, rows, values, perStatement);
  for (const part of chunks(rows, Math.max(1, Math.floor(MAX_PARAMS / columns.length)))) {
    await m.query(head + part.map(() => tuple).join(', ') + tail, part.flatMap(values));
  }
};

/** Inserts the rows whose key is not stored yet; any other refusal of the database is an error. */
export const insertNew = <T extends ObjectLiteral>(m: EntityManager, entity: EntityTarget<T>, rows: T[]) =>
  insertRows(m, entity, rows, { mode: 'keep' });

/** Upsert: `update` are column (database) names to overwrite, `key` the unique key's column names. */
export const upsert = <T extends ObjectLiteral>(m: EntityManager, entity: EntityTarget<T>, rows: T[], update: string[], key: string[]) =>
  insertRows(m, entity, rows, { mode: 'upsert', update, key });
