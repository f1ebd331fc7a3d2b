// Request limits per access key: its own rate per second and quota per calendar month (null: the server's defaults),
// and the requests each key made per UTC day (written in batches by the gateways, read by `accessKeyUsage`).
import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

export class AccessKeyLimits1764720000000 implements MigrationInterface {
  name = 'AccessKeyLimits1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('access_keys', new TableColumn({ name: 'requests_per_second', type: 'integer', isNullable: true }));
    await q.addColumn('access_keys', new TableColumn({ name: 'requests_per_month', type: 'bigint', isNullable: true }));
    await q.createTable(
      new Table({
        name: 'access_key_usage_days',
        columns: [
          { name: 'access_key_id', type: 'integer', isPrimary: true },
          { name: 'utc_day', type: 'integer', isPrimary: true },
          { name: 'project_id', type: 'integer' },
          { name: 'requests', type: 'bigint', default: 0 },
          { name: 'refused', type: 'bigint', default: 0 },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('access_key_usage_days');
    for (const column of ['requests_per_month', 'requests_per_second']) await q.dropColumn('access_keys', column);
  }
}
