// Metadata refresh tasks (queued by clients, ERC-4906 / ERC-1155 URI events, operator sweeps and retries), and an index
// that lets the retry sweep find failed or placeholder token documents that are due without scanning the cache.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class MetadataTasks1795771896563 implements MigrationInterface {
  name = 'MetadataTasks1795771896563';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.createTable(
      new Table({
        name: 'metadata_tasks',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'queue', type: 'varchar', length: '16' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'origin', type: 'varchar', length: '16' },
          { name: 'chain_id', type: 'integer' },
          { name: 'contract', type: 'varchar', length: '42', isNullable: true },
          // Up to 10,000 token ids of 78 digits: more than TEXT's 64 KiB on MySQL.
          { name: 'payload', type: mysql ? 'mediumtext' : 'text' },
          { name: 'result', type: mysql ? 'mediumtext' : 'text', isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'tries', type: 'integer', default: 0 },
          { name: 'run_at', type: 'datetime', precision: 3 },
          { name: 'lease_until', type: 'datetime', precision: 3, isNullable: true },
          { name: 'last_ran_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'updated_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.createIndex('metadata_tasks', new TableIndex({ name: 'idx_metadata_tasks_due', columnNames: ['status', 'run_at'] }));
    await q.createIndex('token_metadata', new TableIndex({ name: 'idx_token_metadata_retry', columnNames: ['status', 'retry_at'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('token_metadata', 'idx_token_metadata_retry');
    await q.dropTable('metadata_tasks');
  }
}
