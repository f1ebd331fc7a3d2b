// State as of a block (domain/indexer/at-block.ts) reads an account's balance changes by (chain, account, contract,
// token id, block): the latest change at or below the block per balance is one seek instead of a walk of the chain's
// changes. A query index (src/db/query-indexes.ts): the first backfill builds it once at the end.
import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

export class BalanceChangesAccount1795790000000 implements MigrationInterface {
  name = 'BalanceChangesAccount1795790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(
      'balance_changes',
      new TableIndex({ name: 'idx_balance_changes_account', columnNames: ['chain_id', 'account', 'contract', 'token_id', 'block_number'] }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('balance_changes', 'idx_balance_changes_account');
  }
}
