// What a chain is indexed from: the contracts a user named (their own backfill cursors), and what the ingester last
// saw of its endpoints and of the node's finality, for the `chains` progress query on any replica.
import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

export class ChainSources1764270000000 implements MigrationInterface {
  name = 'ChainSources1764270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'watched_contracts',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'address', type: 'varchar', length: '42', isPrimary: true },
          { name: 'origin', type: 'varchar', length: '16' },
          { name: 'wanted', type: 'varchar', length: '16' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'start_block', type: 'bigint', isNullable: true },
          { name: 'backfilled_to', type: 'bigint', isNullable: true },
          { name: 'blocks_per_second', type: 'double', isNullable: true },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'added_at', type: 'datetime', precision: 3 },
          { name: 'updated_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'finality_source', type: 'varchar', length: '16', isNullable: true }));
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'endpoints_json', type: 'text', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('chain_checkpoints', 'endpoints_json');
    await q.dropColumn('chain_checkpoints', 'finality_source');
    await q.dropTable('watched_contracts');
  }
}
