// Access keys as the published services manage them: several per project, one of them the default, a name, the
// allowed browser origins, the key's last characters to tell keys apart (the key itself is stored only hashed), and
// its own ceiling on the cost of a GraphQL request (null: the server's).
// Each project's oldest key becomes its default.
import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

export class AccessKeyManagement1764540000000 implements MigrationInterface {
  name = 'AccessKeyManagement1764540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('access_keys', new TableColumn({ name: 'name', type: 'varchar', length: '100', default: "''" }));
    await q.addColumn('access_keys', new TableColumn({ name: 'is_default', type: 'boolean', default: 0 }));
    await q.addColumn('access_keys', new TableColumn({ name: 'origins_json', type: 'text', isNullable: true }));
    await q.addColumn('access_keys', new TableColumn({ name: 'hint', type: 'varchar', length: '8', default: "''" }));
    await q.addColumn('access_keys', new TableColumn({ name: 'max_query_cost', type: 'integer', isNullable: true }));
    const oldest: Array<{ id: number | string }> = await q.query('SELECT MIN(id) AS id FROM access_keys GROUP BY project_id');
    for (const row of oldest) await q.query('UPDATE access_keys SET is_default = 1 WHERE id = ?', [row.id]);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['max_query_cost', 'hint', 'origins_json', 'is_default', 'name']) await q.dropColumn('access_keys', column);
  }
}
