// The media cache (#43): media_files, one row per distinct stored content (content-addressed by SHA-256, with its
// thumbnails); token_media, one row per (token, media field) with its original URL, fetch status, backoff and lease.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const ts = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'datetime', precision: 3, isNullable: nullable });

export class MediaCache1795850000000 implements MigrationInterface {
  name = 'MediaCache1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'media_files',
        columns: [
          { name: 'sha256', type: 'varchar', length: '64', isPrimary: true },
          { name: 'mime_type', type: 'varchar', length: '100' },
          { name: 'filesize', type: 'integer' },
          { name: 'width', type: 'integer', isNullable: true },
          { name: 'height', type: 'integer', isNullable: true },
          { name: 'frames', type: 'integer', default: 1 },
          { name: 'storage_key', type: 'varchar', length: '300' },
          { name: 'thumbnails', type: 'text', isNullable: true },
          ts('created_at'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'token_media',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'chain_id', type: 'integer' },
          { name: 'contract', type: 'varchar', length: '42' },
          { name: 'token_id', type: 'varchar', length: '78' },
          { name: 'field', type: 'varchar', length: '32' },
          { name: 'source', type: 'varchar', length: '2048' },
          { name: 'source_hash', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          ts('run_at', true),
          ts('lease_until', true),
          { name: 'sha256', type: 'varchar', length: '64', isNullable: true },
          ts('created_at'),
          ts('updated_at'),
        ],
      }),
    );
    await q.createIndex('token_media', new TableIndex({ name: 'idx_token_media_token_field', columnNames: ['chain_id', 'contract', 'token_id', 'field'], isUnique: true }));
    await q.createIndex('token_media', new TableIndex({ name: 'idx_token_media_due', columnNames: ['status', 'run_at'] }));
    await q.createIndex('token_media', new TableIndex({ name: 'idx_token_media_source', columnNames: ['source_hash'] }));
    await q.createIndex('token_media', new TableIndex({ name: 'idx_token_media_file', columnNames: ['sha256'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('token_media');
    await q.dropTable('media_files');
  }
}
