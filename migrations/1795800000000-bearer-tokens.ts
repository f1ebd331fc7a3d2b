// Project bearer tokens the server knows by id (#33): the console's issued tokens (label, expiry) and revoked ones.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class BearerTokens1795800000000 implements MigrationInterface {
  name = 'BearerTokens1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'bearer_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'project_id', type: 'integer' },
          { name: 'label', type: 'varchar', length: '100', default: "''" },
          { name: 'listed', type: 'boolean', default: false },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'expires_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'revoked_at', type: 'datetime', precision: 3, isNullable: true },
        ],
      }),
    );
    await q.createIndex('bearer_tokens', new TableIndex({ name: 'idx_bearer_tokens_project', columnNames: ['project_id', 'created_at'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('bearer_tokens');
  }
}
