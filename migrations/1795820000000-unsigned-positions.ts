// Positions wide enough for every legal value (#48): a log index and a transaction index are unsigned quantities on
// the wire, and some providers emit synthetic logs at indexes near 2^32 (0xffffffe2). MySQL/MariaDB had them as a
// signed INT, where 4294967266 was clamped to 2147483647 (with a warning INSERT IGNORE swallowed) and the next log of
// the block then collided with it and was dropped. Log and transaction indexes become BIGINT UNSIGNED, the position
// inside an ERC-1155 batch INT UNSIGNED. SQLite's INTEGER is already 64-bit: nothing to do there.
//
// MariaDB rebuilds a table whose primary key columns change type: on a large database this takes as long as copying
// the table (the views the compact-tables migration left for the previous release keep reading it meanwhile).
import { MigrationInterface, QueryRunner } from 'typeorm';

const CHANGES: Array<[table: string, columns: string[]]> = [
  ['token_transfers', ['log_index BIGINT UNSIGNED NOT NULL', 'batch_index INT UNSIGNED NOT NULL', 'tx_index BIGINT UNSIGNED NOT NULL']],
  ['market_events', ['log_index BIGINT UNSIGNED NOT NULL', 'batch_index INT UNSIGNED NOT NULL']],
  ['token_transactions', ['tx_index BIGINT UNSIGNED NOT NULL']],
];

const BEFORE: Array<[table: string, columns: string[]]> = [
  ['token_transfers', ['log_index INT NOT NULL', 'batch_index INT NOT NULL', 'tx_index INT NOT NULL']],
  ['market_events', ['log_index INT NOT NULL', 'batch_index INT NOT NULL']],
  ['token_transactions', ['tx_index INT NOT NULL']],
];

const alter = async (q: QueryRunner, changes: typeof CHANGES) => {
  if (q.connection.options.type !== 'mysql') return;
  for (const [table, columns] of changes) {
    await q.query(`ALTER TABLE \`${table}\` ${columns.map((c) => `MODIFY ${c}`).join(', ')}`);
  }
};

export class UnsignedPositions1795820000000 implements MigrationInterface {
  name = 'UnsignedPositions1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await alter(q, CHANGES);
  }

  async down(q: QueryRunner): Promise<void> {
    await alter(q, BEFORE);
  }
}
