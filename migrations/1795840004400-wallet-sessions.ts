// Wallet session tokens (#44): GetAuthToken's tokens by id, so each can be revoked (one wallet's, or one token).
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class WalletSessions1795840004400 implements MigrationInterface {
  name = 'WalletSessions1795840004400';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'wallet_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'project_id', type: 'integer' },
          { name: 'address', type: 'varchar', length: '42' },
          { name: 'chain_id', type: 'integer' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'expires_at', type: 'datetime', precision: 3 },
          { name: 'revoked_at', type: 'datetime', precision: 3, isNullable: true },
        ],
      }),
    );
    await q.createIndex('wallet_sessions', new TableIndex({ name: 'idx_wallet_sessions_wallet', columnNames: ['project_id', 'address'] }));
    await q.createIndex('wallet_sessions', new TableIndex({ name: 'idx_wallet_sessions_expiry', columnNames: ['expires_at'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('wallet_sessions');
  }
}
