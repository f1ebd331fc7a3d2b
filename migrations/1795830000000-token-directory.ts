// The token directory (#42): token_lists, one row per configured list (source, version, what the last import and the
// last check did); token_directory_entries, the tokens each list names on the configured chains (replaced whole, in one
// transaction, by an import that passed validation); token_directory_curation, what the operator added, removed or
// featured over the lists. Addresses are text, as in `contracts`.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const ts = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'datetime', precision: 3, isNullable: nullable });

export class TokenDirectory1795830000000 implements MigrationInterface {
  name = 'TokenDirectory1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'token_lists',
        columns: [
          { name: 'list_key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'source', type: 'varchar', length: '2048' },
          { name: 'name', type: 'varchar', length: '100', default: "''" },
          { name: 'version', type: 'varchar', length: '40', default: "''" },
          { name: 'list_timestamp', type: 'varchar', length: '40', isNullable: true },
          { name: 'tokens', type: 'integer', default: 0 },
          { name: 'content_hash', type: 'varchar', length: '64', isNullable: true },
          ts('imported_at', true),
          ts('checked_at', true),
          { name: 'last_error', type: 'varchar', length: '1000', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'token_directory_entries',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'address', type: 'varchar', length: '42', isPrimary: true },
          { name: 'list_key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'symbol', type: 'varchar', length: '40' },
          { name: 'decimals', type: 'integer' },
          { name: 'logo_uri', type: 'varchar', length: '2048', isNullable: true },
        ],
      }),
    );
    await q.createIndex('token_directory_entries', new TableIndex({ name: 'idx_token_directory_entries_list', columnNames: ['list_key'] }));
    await q.createTable(
      new Table({
        name: 'token_directory_curation',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'address', type: 'varchar', length: '42', isPrimary: true },
          { name: 'listed', type: 'boolean', isNullable: true },
          { name: 'feature_index', type: 'integer', default: 0 },
          ts('updated_at'),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('token_directory_curation');
    await q.dropIndex('token_directory_entries', 'idx_token_directory_entries_list');
    await q.dropTable('token_directory_entries');
    await q.dropTable('token_lists');
  }
}
