// Many rows through few small prepared statements on the embedded database, instead of one statement of many rows.
//
// A multi-row INSERT of any row count is one SQL text per row count: SQLite compiles each anew (a 16,000-parameter
// statement is megabytes of bytecode), and TypeORM keeps the last 100 texts prepared, so the ingester of a large chain
// held some hundred megabytes of native memory in statements it would mostly never run again, and spent its time
// compiling them. Here a table has two shapes: a caller's number of rows, and one row for the remainder, each prepared
// once. better-sqlite3 runs a prepared statement synchronously on the one connection TypeORM's transactions also use; a
// call costs about a microsecond of stepping and resetting besides its rows, which the rows of one statement share
// (which writes gain from that is measured by their caller, ingestion/write-rows.ts). The loop runs inside
// better-sqlite3's transaction function, which is a savepoint within an open transaction: the rows are written all or
// none, as one statement's were.
import { QueryFailedError, type EntityManager } from 'typeorm';

type Statement = { run(params: unknown[]): unknown; get(params: unknown[]): unknown };
type Connection = { prepare(sql: string): Statement; transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void };

// Row-sized statements have a handful of shapes per table; the bound is for a caller that would vary its text.
const MAX_STATEMENTS = 64;
const statements = new WeakMap<Connection, Map<string, Statement>>();

const connectionOf = (m: EntityManager): Connection => (m.connection.driver as unknown as { databaseConnection: Connection }).databaseConnection;

const prepared = (db: Connection, sql: string): Statement => {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    byText.set(sql, stmt);
    if (byText.size > MAX_STATEMENTS) byText.delete(byText.keys().next().value!);
  }
  return stmt;
};

// better-sqlite3 binds no booleans; TypeORM's query runner turns them into 0/1 too.
const bindable = (params: unknown[]) => (params.some((p) => typeof p === 'boolean') ? params.map((p) => (typeof p === 'boolean' ? Number(p) : p)) : params);

/**
 * Rows per statement of `runSqliteRows`. 32 rows of a transfer's 14 columns are 448 parameters, far below SQLite's
 * 32,766; more rows per statement measured no faster.
 */
export const ROWS_PER_STATEMENT = 32;

/**
 * Writes `items`, all or none, on the embedded database (an SQLite EntityManager only): `sqlFor(n)` is the statement
 * writing n rows, whose parameters are the items' `paramsOf` lists one after the other, `rowsPerStatement` rows per
 * statement and single rows for the rest. The parameter lists are made one statement at a time: made all at once, a
 * batch's lists outlived the young generation's collections and filled the old one.
 */
export const runSqliteRows = <R>(
  m: EntityManager,
  sqlFor: (rows: number) => string,
  items: R[],
  paramsOf: (item: R) => unknown[],
  rowsPerStatement = ROWS_PER_STATEMENT,
): void => {
  if (!items.length) return;
  const db = connectionOf(m);
  const size = Math.max(1, rowsPerStatement);
  // For the error: the statement running, and its parameters.
  let sql = '';
  let current: unknown[] = [];
  try {
    db.transaction(() => {
      let i = 0;
      if (size > 1 && items.length >= size) {
        const whole = prepared(db, (sql = sqlFor(size)));
        for (; i + size <= items.length; i += size) {
          current = [];
          for (let j = i; j < i + size; j++) for (const p of paramsOf(items[j])) current.push(p);
          whole.run(bindable(current));
        }
      }
      if (i === items.length) return;
      const single = prepared(db, (sql = sqlFor(1)));
      for (; i < items.length; i++) single.run(bindable((current = paramsOf(items[i]))));
    })();
  } catch (err) {
    throw new QueryFailedError(sql, current, err as Error);
  }
};

/** The first row `sql` returns for each item (undefined where none), on the embedded database; as `runSqliteRows`. */
export const getSqliteRows = <R, T>(m: EntityManager, sql: string, items: R[], paramsOf: (item: R) => unknown[]): Array<T | undefined> => {
  const db = connectionOf(m);
  let current: unknown[] = [];
  try {
    const stmt = prepared(db, sql);
    return items.map((item) => stmt.get(bindable((current = paramsOf(item)))) as T | undefined);
  } catch (err) {
    throw new QueryFailedError(sql, current, err as Error);
  }
};
