// The console's charts (#45): chain_pace_samples, a checkpoint sampled about once a minute per chain (pace and lag over
// time), and an index that reads a project's requests per day across its keys without scanning every key's days.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class ConsoleCharts1795820000200 implements MigrationInterface {
  name = 'ConsoleCharts1795820000200';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'chain_pace_samples',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'sampled_ms', type: 'bigint', isPrimary: true },
          { name: 'indexed_block', type: 'bigint' },
          { name: 'head_block', type: 'bigint' },
          { name: 'events_indexed', type: 'bigint', default: 0 },
        ],
      }),
    );
    await q.createIndex('access_key_usage_days', new TableIndex({ name: 'idx_access_key_usage_days_project', columnNames: ['project_id', 'utc_day'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('access_key_usage_days', 'idx_access_key_usage_days_project');
    await q.dropTable('chain_pace_samples');
  }
}
