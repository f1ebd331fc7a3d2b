// Wallet links (parent → child per project, with the proof forms used) and the used EIP-4361 nonces.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const str = (name: string, length: number, opts: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  ...opts,
});
const ts = (name: string): TableColumnOptions => ({ name, type: 'datetime', precision: 3 });

export class WalletLinks1763791200000 implements MigrationInterface {
  name = 'WalletLinks1763791200000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'wallet_links',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'project_id', type: 'integer' },
          str('wallet_address', 42),
          str('linked_wallet_address', 42),
          str('wallet_type', 100, { isNullable: true }),
          { name: 'signature_chain_id', type: 'bigint' },
          str('parent_message_form', 16),
          str('linked_message_form', 16),
          str('parent_signature_kind', 16),
          str('linked_signature_kind', 16),
          ts('created_at'),
        ],
        foreignKeys: [{ columnNames: ['project_id'], referencedTableName: 'projects', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    // One parent per child and project: the unique index also settles concurrent LinkWallet calls.
    await q.createIndex('wallet_links', new TableIndex({ name: 'uq_wallet_links_child', columnNames: ['project_id', 'linked_wallet_address'], isUnique: true }));
    await q.createIndex('wallet_links', new TableIndex({ name: 'idx_wallet_links_parent', columnNames: ['project_id', 'wallet_address', 'id'] }));
    await q.createTable(
      new Table({
        name: 'wallet_link_nonces',
        columns: [str('address', 42, { isPrimary: true }), str('nonce', 64, { isPrimary: true }), ts('expires_at'), ts('created_at')],
      }),
    );
    await q.createIndex('wallet_link_nonces', new TableIndex({ name: 'idx_wallet_link_nonces_expiry', columnNames: ['expires_at'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('wallet_link_nonces');
    await q.dropTable('wallet_links');
  }
}
