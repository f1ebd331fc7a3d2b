// Webhooks (#31): listeners and the outbox that is also the delivery log. Delivery leases are rows of the shared
// `leases` table (src/db/leases.ts), named per listener.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class Webhooks1795784001195 implements MigrationInterface {
  name = 'Webhooks1795784001195';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.createTable(
      new Table({
        name: 'webhook_listeners',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'project_id', type: 'integer' },
          { name: 'chain_id', type: 'integer' },
          { name: 'url', type: 'varchar', length: '2048' },
          { name: 'name', type: 'varchar', length: '200', default: "''" },
          { name: 'filters', type: 'text' },
          { name: 'kinds', type: 'varchar', length: '64' },
          { name: 'secret', type: 'varchar', length: '100' },
          { name: 'active', type: 'boolean', default: true },
          { name: 'disabled_reason', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'updated_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.createIndex('webhook_listeners', new TableIndex({ name: 'idx_webhook_listeners_project', columnNames: ['project_id', 'chain_id'] }));
    await q.createIndex('webhook_listeners', new TableIndex({ name: 'idx_webhook_listeners_chain', columnNames: ['chain_id'] }));
    await q.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'listener_id', type: 'integer' },
          { name: 'chain_id', type: 'integer' },
          { name: 'webhook_id', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'last_status', type: 'integer', isNullable: true },
          { name: 'latency_ms', type: 'integer', isNullable: true },
          { name: 'first_block', type: 'bigint' },
          { name: 'last_block', type: 'bigint' },
          { name: 'event_count', type: 'integer' },
          { name: 'payload', type: mysql ? 'mediumtext' : 'text' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'delivered_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'next_attempt_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.createIndex('webhook_deliveries', new TableIndex({ name: 'uq_webhook_deliveries_webhook_id', columnNames: ['webhook_id'], isUnique: true }));
    await q.createIndex('webhook_deliveries', new TableIndex({ name: 'idx_webhook_deliveries_listener', columnNames: ['listener_id', 'status', 'id'] }));
    await q.createIndex('webhook_deliveries', new TableIndex({ name: 'idx_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at'] }));
    await q.createIndex('webhook_deliveries', new TableIndex({ name: 'idx_webhook_deliveries_chain_block', columnNames: ['chain_id', 'last_block'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('webhook_deliveries');
    await q.dropTable('webhook_listeners');
  }
}
