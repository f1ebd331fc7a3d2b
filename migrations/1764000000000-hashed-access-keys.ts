// Access keys at rest become SHA-256 hashes: access_keys.access_key (the plain key) turns into key_hash.
// The hashing happens here in TypeScript (SQLite has no SHA-256 function), row by row, inside the
// migration's transaction; lookups stay one read of the unique index.
import crypto from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hash as this migration stored it: the hex SHA-256 of the key's UTF-8 bytes. A copy, not an import of
 * src/db/access-key-hash.ts: a landed migration must do the same thing whatever the live code becomes.
 */
const accessKeyHash = (key: string): string => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

export class HashedAccessKeys1764000000000 implements MigrationInterface {
  name = 'HashedAccessKeys1764000000000';

  async up(q: QueryRunner): Promise<void> {
    const rows: Array<{ id: number | string; access_key: string }> = await q.query('SELECT id, access_key FROM access_keys');
    for (const row of rows) {
      await q.query('UPDATE access_keys SET access_key = ? WHERE id = ?', [accessKeyHash(row.access_key), row.id]);
    }
    await q.renameColumn('access_keys', 'access_key', 'key_hash');
  }

  async down(): Promise<void> {
    // A hash cannot be turned back into its key.
    throw new Error('HashedAccessKeys1764000000000 cannot be undone: the plain keys are no longer stored');
  }
}
