// One configured token list (TOKEN_LISTS): where it is read from, the version its last accepted import had, and what
// the last check of it found. Its tokens are token_directory_entries rows of the same list_key.
import { EntitySchema } from 'typeorm';
import { Timestamp } from '../columns';

export type TokenListRow = {
  /** sha256 of `source`, hex: a fixed-width key for a source of any length. */
  listKey: string;
  /** `default`, a file path or an http(s) URL, as configured. */
  source: string;
  /** The list's own `name` ('' before a first accepted import). */
  name: string;
  /** `major.minor.patch` of the last accepted import ('' before one). */
  version: string;
  listTimestamp: string | null;
  /** Tokens the last accepted import kept (those on configured chains). */
  tokens: number;
  /** sha256 of the accepted document. */
  contentHash: string | null;
  importedAt: Date | null;
  checkedAt: Date | null;
  /** Why the last check did not import (null: it did, or found the list unchanged). */
  lastError: string | null;
};

export const TokenListEntity = new EntitySchema<TokenListRow>({
  name: 'TokenList',
  tableName: 'token_lists',
  columns: {
    listKey: { type: 'varchar', length: 64, primary: true, name: 'list_key' },
    source: { type: 'varchar', length: 2048 },
    name: { type: 'varchar', length: 100, default: '' },
    version: { type: 'varchar', length: 40, default: '' },
    listTimestamp: { type: 'varchar', length: 40, nullable: true, name: 'list_timestamp' },
    tokens: { type: 'integer', default: 0 },
    contentHash: { type: 'varchar', length: 64, nullable: true, name: 'content_hash' },
    importedAt: Timestamp({ name: 'imported_at', nullable: true }),
    checkedAt: Timestamp({ name: 'checked_at', nullable: true }),
    lastError: { type: 'varchar', length: 1000, nullable: true, name: 'last_error' },
  },
});
