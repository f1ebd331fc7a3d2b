// Keyset pages of the Indexer reads (wire notes, Decision 10): the continuation condition and the order to read in,
// either way. Cursors hold the sort key of their row (domain/paging.ts).
import { dialectOf, type Db } from '../../db';
import { cursorField, decodeCursor, type ResolvedPage } from '../paging';
import type { Where } from './sql';

/** A list's sort key: its columns (all ascending, or all descending), their JS types and the tag of its cursors. */
export type Keyset = { tag: string; columns: string[]; types: Array<'string' | 'number'>; descending?: boolean };

/** Each read tags its cursors, so a cursor from one operation is refused by another instead of silently skipping rows. */
export const BALANCES_KEY: Keyset = { tag: 'b1', columns: ['b.account', 'b.contract', 'b.token_id'], types: ['string', 'string', 'string'] };
export const SUMMARY_KEY: Keyset = { tag: 's1', columns: ['b.account', 'b.contract'], types: ['string', 'string'] };
export const HISTORY_KEY: Keyset = { tag: 'h1', columns: ['block_number', 'tx_index'], types: ['number', 'number'], descending: true };
export const UPDATES_KEY: Keyset = { tag: 'u1', columns: ['bc.block_number', 'bc.account', 'bc.token_id'], types: ['number', 'string', 'string'] };

/**
 * Adds the condition "after (or, backward, before) the cursor" to `w` and returns the ORDER BY to read the page in.
 * `columns` replaces the key's column expressions (e.g. aggregates in a HAVING).
 */
export const keysetOrder = (db: Db, w: Where, key: Keyset, p: ResolvedPage, columns: string[] = key.columns): string => {
  const descending = p.backward !== (key.descending ?? false);
  if (p.cursor) w.after(columns, decodeCursor(cursorField(p), key.tag, p.cursor, key.types), descending ? '<' : '>', dialectOf(db) === 'sqlite');
  return `ORDER BY ${columns.map((c) => `${c}${descending ? ' DESC' : ''}`).join(', ')}`;
};
