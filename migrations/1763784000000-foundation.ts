// Projects, access keys, hosted collections and their tokens.
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const ts = (name: string) => ({ name, type: 'datetime', precision: 3 });

export class Foundation1763784000000 implements MigrationInterface {
  name = 'Foundation1763784000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'projects',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'name', type: 'varchar', length: '200' },
          ts('created_at'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'access_keys',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'project_id', type: 'integer' },
          { name: 'access_key', type: 'varchar', length: '64', isUnique: true },
          ts('created_at'),
        ],
        foreignKeys: [{ columnNames: ['project_id'], referencedTableName: 'projects', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'collections',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'project_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'description', type: 'text' },
          { name: 'image', type: 'varchar', length: '2048', isNullable: true },
          { name: 'external_link', type: 'varchar', length: '2048', isNullable: true },
          { name: 'properties', type: 'text', isNullable: true },
          { name: 'private', type: 'boolean', default: false },
          ts('created_at'),
          ts('updated_at'),
        ],
        foreignKeys: [{ columnNames: ['project_id'], referencedTableName: 'projects', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createIndex('collections', new TableIndex({ name: 'idx_collections_project', columnNames: ['project_id', 'id'] }));
    await q.createTable(
      new Table({
        name: 'collection_tokens',
        columns: [
          { name: 'collection_id', type: 'integer', isPrimary: true },
          { name: 'token_id', type: 'varchar', length: '78', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'description', type: 'text' },
          { name: 'image', type: 'varchar', length: '2048', isNullable: true },
          { name: 'extra', type: 'text', isNullable: true },
          { name: 'properties', type: 'text', isNullable: true },
          { name: 'attributes', type: 'text', isNullable: true },
          { name: 'private', type: 'boolean', default: false },
          ts('created_at'),
          ts('updated_at'),
        ],
        foreignKeys: [{ columnNames: ['collection_id'], referencedTableName: 'collections', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('collection_tokens');
    await q.dropTable('collections');
    await q.dropTable('access_keys');
    await q.dropTable('projects');
  }
}
