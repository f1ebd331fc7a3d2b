// Chain data written by ingestion: checkpoints, blocks, transactions, transfers, balances, balance changes, contracts.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const int = (name: string, primary = false): TableColumnOptions => ({ name, type: 'integer', isPrimary: primary });
const big = (name: string, primary = false, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isPrimary: primary, isNullable: nullable });
const str = (name: string, length: number, primary = false, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isPrimary: primary,
  isNullable: nullable,
});
const bool = (name: string): TableColumnOptions => ({ name, type: 'boolean', default: false });
const ts = (name: string): TableColumnOptions => ({ name, type: 'datetime', precision: 3 });
const idx = (table: string, name: string, columnNames: string[]) => ({ table, index: new TableIndex({ name, columnNames }) });

export class ChainData1763787600000 implements MigrationInterface {
  name = 'ChainData1763787600000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'chain_checkpoints',
        columns: [int('chain_id', true), big('indexed_block'), str('indexed_hash', 66, false, true), big('head_block'), big('finalized_block'), ts('updated_at')],
      }),
    );
    await q.createTable(
      new Table({ name: 'blocks', columns: [int('chain_id', true), big('number', true), str('hash', 66), str('parent_hash', 66), big('timestamp')] }),
    );
    await q.createTable(
      new Table({
        name: 'chain_transactions',
        columns: [
          int('chain_id', true),
          str('tx_hash', 66, true),
          str('block_hash', 66, true),
          big('block_number'),
          int('tx_index'),
          str('from_address', 42),
          str('to_address', 42, false, true),
          str('value', 78),
          int('status'),
          str('gas_used', 78),
          str('effective_gas_price', 78),
          int('tx_type'),
          big('timestamp'),
          bool('reorged'),
          // Receipt logs, kept for transactions ingested live so `final` receipts can be re-sent whole.
          { name: 'logs_json', type: 'text', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'transfers',
        columns: [
          int('chain_id', true),
          big('block_number', true),
          int('log_index', true),
          int('batch_index', true),
          str('block_hash', 66),
          str('tx_hash', 66),
          int('tx_index'),
          str('contract', 42),
          str('contract_type', 8),
          str('from_address', 42),
          str('to_address', 42),
          str('token_id', 78),
          str('amount', 78),
          big('timestamp'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'balances',
        columns: [int('chain_id', true), str('contract', 42, true), str('account', 42, true), str('token_id', 78, true), str('balance', 79), big('block_number'), str('block_hash', 66)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'balance_changes',
        columns: [
          int('chain_id', true),
          str('contract', 42, true),
          big('block_number', true),
          str('account', 42, true),
          str('token_id', 78, true),
          str('block_hash', 66),
          str('delta', 79),
          str('balance', 79),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'contracts',
        columns: [
          int('chain_id', true),
          str('address', 42, true),
          str('type', 16),
          str('name', 200),
          str('symbol', 100),
          { name: 'decimals', type: 'integer', isNullable: true },
          bool('deployed'),
          str('bytecode_hash', 66),
          big('first_block', false, true),
          { name: 'extensions', type: 'text', isNullable: true },
          str('logo_uri', 2048, false, true),
          bool('verified'),
          str('verified_by', 200, false, true),
          bool('blacklist'),
          bool('featured'),
          ts('refreshed_at'),
          ts('updated_at'),
        ],
      }),
    );
    for (const { table, index } of [
      idx('chain_transactions', 'idx_txs_block', ['chain_id', 'block_number']),
      idx('transfers', 'idx_transfers_from', ['chain_id', 'from_address', 'block_number']),
      idx('transfers', 'idx_transfers_to', ['chain_id', 'to_address', 'block_number']),
      idx('transfers', 'idx_transfers_contract', ['chain_id', 'contract', 'block_number']),
      idx('transfers', 'idx_transfers_tx', ['chain_id', 'tx_hash']),
      idx('balances', 'idx_balances_account', ['account', 'chain_id', 'contract', 'token_id']),
      idx('balance_changes', 'idx_balance_changes_block', ['chain_id', 'block_number']),
      idx('contracts', 'idx_contracts_name', ['name']),
      idx('contracts', 'idx_contracts_symbol', ['symbol']),
    ]) {
      await q.createIndex(table, index);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['contracts', 'balance_changes', 'balances', 'transfers', 'chain_transactions', 'blocks', 'chain_checkpoints']) {
      await q.dropTable(t);
    }
  }
}
