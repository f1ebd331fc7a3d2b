// A followed transaction's receipt logs (chain_transactions.logs_json, kept for receipt replay) outgrew MySQL's TEXT:
// 64 KB holds about 170 transfer logs, and a transaction with more stopped ingestion at its block ("Data too long for
// column 'logs_json'"). LONGTEXT on MySQL/MariaDB; SQLite's TEXT has no such limit.
import { MigrationInterface, QueryRunner } from 'typeorm';

export class LongReceiptLogs1764360000000 implements MigrationInterface {
  name = 'LongReceiptLogs1764360000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') await q.query('ALTER TABLE `chain_transactions` MODIFY `logs_json` LONGTEXT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') await q.query('ALTER TABLE `chain_transactions` MODIFY `logs_json` TEXT NULL');
  }
}
