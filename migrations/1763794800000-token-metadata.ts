// Token metadata cache (document + fetch status with backoff) and links from hosted collections to deployed contracts.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const ts = (name: string, nullable = false) => ({ name, type: 'datetime', precision: 3, isNullable: nullable });

export class TokenMetadata1763794800000 implements MigrationInterface {
  name = 'TokenMetadata1763794800000';

  async up(q: QueryRunner): Promise<void> {
    // MySQL TEXT stops at 64 KiB; a normalised document may carry inline media up to ~0.5 MB per field.
    const longText = q.connection.options.type === 'mysql' ? 'longtext' : 'text';
    await q.createTable(
      new Table({
        name: 'token_metadata',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'token_id', type: 'varchar', length: '78', isPrimary: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'source_uri', type: 'varchar', length: '2048', isNullable: true },
          { name: 'document', type: longText, isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          ts('fetched_at', true),
          ts('attempted_at'),
          ts('retry_at', true),
          ts('updated_at'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'collection_links',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'collection_id', type: 'integer' },
          ts('created_at'),
        ],
        foreignKeys: [{ columnNames: ['collection_id'], referencedTableName: 'collections', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createIndex('collection_links', new TableIndex({ name: 'idx_collection_links_collection', columnNames: ['collection_id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('collection_links');
    await q.dropTable('token_metadata');
  }
}
