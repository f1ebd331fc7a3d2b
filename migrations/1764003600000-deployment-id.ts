// deployment: one row naming this database's deployment. Every process on the same database reads the same id,
// so it names their shared event channels on Redis (two deployments sharing a Redis never hear each other).
import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class DeploymentId1764003600000 implements MigrationInterface {
  name = 'DeploymentId1764003600000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'deployment',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'varchar', length: '255' },
        ],
      }),
    );
    // Migrations run once per database, under the migration lock: one id, whichever process applies it.
    await q.query('INSERT INTO deployment (name, value) VALUES (?, ?)', ['id', randomBytes(12).toString('hex')]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('deployment');
  }
}
