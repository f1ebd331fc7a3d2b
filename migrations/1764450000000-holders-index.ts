// Token holders in balance order (GraphQL `tokenHolders`, `token.holders`): an index on (chain, contract, token id,
// number of digits, balance, account), walked from its end. Decimal text compares as numbers once the digit count
// comes first. SQLite indexes the expression length(balance); MySQL/MariaDB index expressions only through a column,
// so there it is the virtual column balance_digits (computed, never written by ingestion).
import { MigrationInterface, QueryRunner } from 'typeorm';

export class HoldersIndex1764450000000 implements MigrationInterface {
  name = 'HoldersIndex1764450000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') {
      await q.query(
        'ALTER TABLE `balances` ADD COLUMN `balance_digits` SMALLINT AS (LENGTH(`balance`)) VIRTUAL, ' +
          'ADD INDEX `idx_balances_holders` (`chain_id`, `contract`, `token_id`, `balance_digits`, `balance`, `account`)',
      );
    } else {
      await q.query('CREATE INDEX `idx_balances_holders` ON `balances` (`chain_id`, `contract`, `token_id`, length(`balance`), `balance`, `account`)');
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') {
      await q.query('ALTER TABLE `balances` DROP INDEX `idx_balances_holders`, DROP COLUMN `balance_digits`');
    } else {
      await q.query('DROP INDEX `idx_balances_holders`');
    }
  }
}
