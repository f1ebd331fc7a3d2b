// Links from hosted collections to deployed contracts get their own id: the published Collections clients name a
// contract collection by `id` (ContractCollection). The (chain, contract) pair stays unique, so a contract still
// answers from one collection at most. SQLite cannot add an auto-increment column or change a primary key in place, so
// the table is rebuilt on both dialects, keeping its rows (ids follow their creation order).
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const NEXT = 'collection_links_next';

const linksTable = (name: string, withId: boolean) =>
  new Table({
    name,
    columns: [
      ...(withId ? [{ name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const }] : []),
      { name: 'chain_id', type: 'integer', isPrimary: !withId },
      { name: 'contract', type: 'varchar', length: '42', isPrimary: !withId },
      { name: 'collection_id', type: 'integer' },
      { name: 'created_at', type: 'datetime', precision: 3 },
    ],
    foreignKeys: [{ columnNames: ['collection_id'], referencedTableName: 'collections', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

const copyInto = async (q: QueryRunner, from: string, to: string) => {
  await q.query(
    `INSERT INTO ${q.connection.driver.escape(to)} (chain_id, contract, collection_id, created_at) ` +
      `SELECT chain_id, contract, collection_id, created_at FROM ${q.connection.driver.escape(from)} ORDER BY created_at, chain_id, contract`,
  );
};

export class ContractCollectionIds1795771843514 implements MigrationInterface {
  name = 'ContractCollectionIds1795771843514';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(linksTable(NEXT, true));
    await copyInto(q, 'collection_links', NEXT);
    await q.dropTable('collection_links');
    await q.renameTable(NEXT, 'collection_links');
    await q.createIndex('collection_links', new TableIndex({ name: 'idx_collection_links_contract', columnNames: ['chain_id', 'contract'], isUnique: true }));
    await q.createIndex('collection_links', new TableIndex({ name: 'idx_collection_links_collection', columnNames: ['collection_id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createTable(linksTable(NEXT, false));
    await copyInto(q, 'collection_links', NEXT);
    await q.dropTable('collection_links');
    await q.renameTable(NEXT, 'collection_links');
    await q.createIndex('collection_links', new TableIndex({ name: 'idx_collection_links_collection', columnNames: ['collection_id'] }));
  }
}
