// Positions wide enough for every legal value (#48): a log index and a transaction index are unsigned quantities on
// the wire, and some providers emit synthetic logs at indexes near 2^32 (0xffffffe2). MySQL/MariaDB had them as a
// signed INT, where 4294967266 was clamped to 2147483647 (with a warning INSERT IGNORE swallowed) and the next log of
// the block then collided with it and was dropped. Log and transaction indexes become BIGINT UNSIGNED, the position
// inside an ERC-1155 batch INT UNSIGNED. SQLite's INTEGER is already 64-bit: nothing to do there.
//
// MariaDB rebuilds a table whose primary key columns change type: on a large database this takes as long as copying
// the table.
//
// The previous release reads the compatibility views the compact-tables migration left (transfers, chain_transactions):
// mysql2 hands a BIGINT to it as a string where it had a number from INT, so the views give the two indexes as DOUBLE
// (exact below 2^53, read as numbers), their other columns as before. Self-contained on purpose, like that migration.
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

const hex = (c: string) => `IF(LENGTH(\`${c}\`) = 0, '', CONCAT('0x', LOWER(HEX(\`${c}\`)))) AS \`${c}\``;
const plain = (c: string) => `\`${c}\``;
const asNumber = (c: string) => `CAST(\`${c}\` AS DOUBLE) AS \`${c}\``;

/** The compatibility views, with `index` the form of log_index and tx_index. */
const views = (index: (c: string) => string): Array<[view: string, sql: string]> => [
  [
    'transfers',
    `SELECT ${[plain('chain_id'), plain('block_number'), index('log_index'), plain('batch_index'), hex('block_hash'), hex('tx_hash'), index('tx_index'), hex('contract'), plain('contract_type'), hex('from_address'), hex('to_address'), plain('token_id'), plain('amount'), plain('timestamp')].join(', ')} FROM \`token_transfers\``,
  ],
  [
    'chain_transactions',
    `SELECT ${[plain('chain_id'), hex('tx_hash'), hex('block_hash'), plain('block_number'), index('tx_index'), hex('from_address'), hex('to_address'), plain('value'), plain('status'), plain('gas_used'), plain('effective_gas_price'), plain('tx_type'), plain('timestamp'), plain('reorged'), plain('logs_json')].join(', ')} FROM \`token_transactions\``,
  ],
];

const alter = async (q: QueryRunner, changes: typeof CHANGES, index: (c: string) => string) => {
  if (q.connection.options.type !== 'mysql') return;
  for (const [table, columns] of changes) {
    await q.query(`ALTER TABLE \`${table}\` ${columns.map((c) => `MODIFY ${c}`).join(', ')}`);
  }
  for (const [view, sql] of views(index)) {
    const [{ n }] = await q.query(`SELECT COUNT(*) AS n FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?`, [view]);
    if (Number(n)) await q.query(`CREATE OR REPLACE VIEW \`${view}\` AS ${sql}`);
  }
};

export class UnsignedPositions1795820000000 implements MigrationInterface {
  name = 'UnsignedPositions1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await alter(q, CHANGES, asNumber);
  }

  async down(q: QueryRunner): Promise<void> {
    await alter(q, BEFORE, plain);
  }
}
