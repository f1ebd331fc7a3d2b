// Stored spam verdicts (#42): contract_verdicts, one row per contract that has indexed transfers (its verdict, reasons
// and whether the operator or the directory decided it; `stale` with a `generation` counter while an input changed
// since it was computed); verdict_scans, how far the verdict worker has read each chain's transfers, the highest block
// a verdict read up to with its hash (so a rollback under it is noticed), and the directory change it last saw. Addresses are text, as in `contracts`.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const ts = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'datetime', precision: 3, isNullable: nullable });

export class ContractVerdicts1795890000000 implements MigrationInterface {
  name = 'ContractVerdicts1795890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'contract_verdicts',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'address', type: 'varchar', length: '42', isPrimary: true },
          { name: 'verdict', type: 'varchar', length: '8', isNullable: true },
          { name: 'reasons', type: 'text', isNullable: true },
          { name: 'overridden', type: 'boolean', default: false },
          { name: 'stale', type: 'boolean', default: true },
          { name: 'generation', type: 'integer', default: 0 },
          { name: 'scanned_through', type: 'bigint', default: -1 },
          ts('computed_at', true),
        ],
      }),
    );
    await q.createIndex('contract_verdicts', new TableIndex({ name: 'idx_contract_verdicts_verdict', columnNames: ['chain_id', 'verdict'] }));
    await q.createIndex('contract_verdicts', new TableIndex({ name: 'idx_contract_verdicts_stale', columnNames: ['stale', 'computed_at'] }));
    await q.createTable(
      new Table({
        name: 'verdict_scans',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'scanned_block', type: 'bigint', default: -1 },
          { name: 'through_block', type: 'bigint', default: -1 },
          { name: 'through_hash', type: 'varchar', length: '66', isNullable: true },
          ts('directory_seen_at', true),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('verdict_scans');
    await q.dropTable('contract_verdicts');
  }
}
