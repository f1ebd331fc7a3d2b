// Addresses and hashes of the chain tables (token_transfers, token_balances, token_balance_changes, token_transactions)
// are stored as their raw bytes: 20 and 32 bytes instead of 42 and 66 characters of hex, in every row and in every
// index entry that carries them (BENCHMARKS.md, "every index of the chain tables"). Everything above the database keeps
// speaking lower-case 0x hex: entities convert through their column transformer, raw SQL binds `toBytes(...)` for
// these columns, and `readQuery` gives binary values back as hex. The chain tables are the only ones with binary
// columns, so any binary value a query returns is an address or a hash.
// Imports no value from data-source.ts: the entities' columns (columns.ts) load this module before it.
// The DataSource type itself, not data-source.ts's `Db`: that module loads the entities, which load this one.
import type { DataSource as Db } from 'typeorm';

const EMPTY = Buffer.alloc(0);

/**
 * Recent conversions. A batch of ingestion writes the same few values over and over (a block's hash in each of its
 * rows, a contract, the accounts of a transfer again in their balances and changes), and a conversion costs 0.3–0.7 µs
 * (a string slice and a call into C++) where a lookup costs 0.04: some 14 conversions per event, at 30,000 events a
 * second, were a tenth of ingestion's time. Emptied when full: a generation of the last CACHE_SIZE distinct values.
 * The buffers are shared, so nothing may write into one (the drivers only read them).
 */
const CACHE_SIZE = 8_192;
let recent = new Map<string, Buffer>();

/** '0x…' hex (any case) as its bytes; '' (a balance restored without a block hash) as no bytes. */
export const toBytes = (hex: string): Buffer => {
  let bytes = recent.get(hex);
  if (bytes === undefined) {
    bytes = hex === '' ? EMPTY : Buffer.from(hex.startsWith('0x') ? hex.slice(2) : hex, 'hex');
    if (recent.size >= CACHE_SIZE) recent = new Map();
    recent.set(hex, bytes);
  }
  return bytes;
};

/** Bytes as lower-case '0x…' hex; no bytes as ''. */
export const toHex = (bytes: Uint8Array): string => (bytes.length ? `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex')}` : '');

/** The column transformer of a binary address or hash. Idempotent: TypeORM may apply it to a find operator twice. */
export const bytesTransformer = {
  to: (v: unknown) => (typeof v === 'string' ? toBytes(v) : v),
  from: (v: unknown) => (v instanceof Uint8Array ? toHex(v) : v),
};

/** Every binary value of `rows` as hex, in place (the rows of a raw read). */
export const hexRows = <T>(rows: T[]): T[] => {
  for (const row of rows as Array<Record<string, unknown>>) {
    for (const key in row) {
      const v = row[key];
      if (v instanceof Uint8Array) row[key] = toHex(v);
    }
  }
  return rows;
};

const mysql = (db: Db) => db.options.type === 'mysql';

/** SQL: a binary column as the '0x…' text other tables store (to join or compare with them). */
export const hexSql = (db: Db, expr: string): string =>
  mysql(db)
    ? `IF(LENGTH(${expr}) = 0, '', CONCAT('0x', LOWER(HEX(${expr}))))`
    : `(CASE WHEN length(${expr}) = 0 THEN '' ELSE '0x' || lower(hex(${expr})) END)`;

/** SQL: '0x…' text (a column of another table) as the bytes the chain tables store. */
export const bytesSql = (db: Db, expr: string): string => (mysql(db) ? `UNHEX(SUBSTR(${expr}, 3))` : `unhex(substr(${expr}, 3))`);
