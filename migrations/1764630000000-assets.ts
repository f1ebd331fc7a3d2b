// Uploaded media of hosted collection tokens: one file per (collection, token, metadata field), stored by the storage
// driver under `storage_key`; `sha256` is the content's hash (the ETag, and part of the immutable URL).
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class Assets1764630000000 implements MigrationInterface {
  name = 'Assets1764630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'assets',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'project_id', type: 'integer' },
          { name: 'collection_id', type: 'integer' },
          { name: 'token_id', type: 'varchar', length: '78' },
          { name: 'metadata_field', type: 'varchar', length: '64' },
          { name: 'storage_key', type: 'varchar', length: '300' },
          { name: 'filename', type: 'varchar', length: '200' },
          { name: 'filesize', type: 'integer' },
          { name: 'mime_type', type: 'varchar', length: '100' },
          { name: 'width', type: 'integer', isNullable: true },
          { name: 'height', type: 'integer', isNullable: true },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'updated_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.createIndex('assets', new TableIndex({ name: 'idx_assets_token_field', columnNames: ['collection_id', 'token_id', 'metadata_field'], isUnique: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('assets');
  }
}
