// Keyset pages of the Indexer reads (wire notes, Decision 10): the continuation condition and the order to read in,
// either way. Cursors hold the sort key of their row (domain/paging.ts).
import { dialectOf, toBytes, type Db } from '../../db';
import { cursorField, decodeCursor, type ResolvedPage } from '../paging';
import type { Where } from './sql';

/**
 * A list's sort key: its columns (all ascending, or all descending), their JS types and the tag of its cursors.
 * `bytes`: a binary address column (db/binary.ts), hex in the cursor, bound as bytes (whose order is the hex's).
 */
export type Keyset = { tag: string; columns: string[]; types: Array<'string' | 'number' | 'bytes'>; descending?: boolean };

/** Each read tags its cursors, so a cursor from one operation is refused by another instead of silently skipping rows. */
export const BALANCES_KEY: Keyset = { tag: 'b1', columns: ['b.account', 'b.contract', 'b.token_id'], types: ['bytes', 'bytes', 'string'] };
export const SUMMARY_KEY: Keyset = { tag: 's1', columns: ['b.account', 'b.contract'], types: ['bytes', 'bytes'] };
export const HISTORY_KEY: Keyset = { tag: 'h1', columns: ['block_number', 'tx_index'], types: ['number', 'number'], descending: true };
export const UPDATES_KEY: Keyset = { tag: 'u1', columns: ['bc.block_number', 'bc.account', 'bc.token_id'], types: ['number', 'bytes', 'string'] };

/** The key a page's cursor holds, as JS values (hex for `bytes`). */
export const cursorKey = (p: ResolvedPage, key: Keyset) =>
  decodeCursor(cursorField(p), key.tag, p.cursor!, key.types.map((t) => (t === 'bytes' ? 'string' : t)));

/**
 * Adds the condition "after (or, backward, before) the cursor" to `w` and returns the ORDER BY to read the page in.
 * `columns` replaces the key's column expressions (e.g. aggregates in a HAVING).
 */
export const keysetOrder = (db: Db, w: Where, key: Keyset, p: ResolvedPage, columns: string[] = key.columns): string => {
  const descending = p.backward !== (key.descending ?? false);
  if (p.cursor) {
    const values = cursorKey(p, key).map((v, i) => (key.types[i] === 'bytes' ? toBytes(String(v)) : v));
    w.after(columns, values, descending ? '<' : '>', dialectOf(db) === 'sqlite');
  }
  return `ORDER BY ${columns.map((c) => `${c}${descending ? ' DESC' : ''}`).join(', ')}`;
};
