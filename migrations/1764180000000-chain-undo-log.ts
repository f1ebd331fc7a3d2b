// The undo log of chain-derived writes (ingestion/chain-writer.ts): a rollback replays it instead of knowing every
// table, and undo_from records from which block on the log is complete (older installs: from the next block).
import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

export class ChainUndoLog1764180000000 implements MigrationInterface {
  name = 'ChainUndoLog1764180000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.createTable(
      new Table({
        name: 'chain_undo_log',
        columns: [
          // SQLite's AUTOINCREMENT key must be declared INTEGER (64 bits there); MySQL needs BIGINT for 64 bits.
          { name: 'id', type: mysql ? 'bigint' : 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'chain_id', type: 'integer' },
          { name: 'block_number', type: 'bigint' },
          { name: 'entity', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '8' },
          { name: 'row_key', type: 'text', isNullable: true },
          { name: 'before_image', type: 'text', isNullable: true },
        ],
      }),
    );
    await q.createIndex('chain_undo_log', new TableIndex({ name: 'idx_chain_undo_block', columnNames: ['chain_id', 'block_number'] }));
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'undo_from', type: 'bigint', default: 0 }));
    await q.query('UPDATE chain_checkpoints SET undo_from = indexed_block + 1');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('chain_checkpoints', 'undo_from');
    await q.dropTable('chain_undo_log');
  }
}
