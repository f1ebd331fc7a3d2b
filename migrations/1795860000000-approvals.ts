// Token approvals (#41 item 3): the current ERC-20 allowances (token_allowances), ERC-721 per-token approvals
// (token_approvals), ApprovalForAll operators (operator_approvals), and every approval log (approval_events) for an
// owner's history. Chain tables like token_balances: addresses and hashes as raw bytes (SQLite blob, MySQL/MariaDB
// VARBINARY), SQLite WITHOUT ROWID. Self-contained on purpose: the definitions are the entities' when this landed.
import { MigrationInterface, QueryRunner } from 'typeorm';

type Kind = 'int' | 'bigint' | 'position' | 'bool' | 'address' | 'hash' | 'uint256' | 'kind';
type Table = { name: string; columns: Array<[name: string, kind: Kind, nullable?: boolean]>; key: string[]; indexes: Array<[name: string, columns: string[]]> };

const TABLES: Table[] = [
  {
    name: 'token_allowances',
    columns: [['chain_id', 'int'], ['contract', 'address'], ['owner', 'address'], ['spender', 'address'], ['amount', 'uint256'], ['change_block', 'bigint'], ['spend_block', 'bigint', true]],
    key: ['chain_id', 'contract', 'owner', 'spender'],
    indexes: [['idx_allowances_owner', ['chain_id', 'owner']]],
  },
  {
    name: 'token_approvals',
    columns: [['chain_id', 'int'], ['contract', 'address'], ['token_id', 'uint256'], ['owner', 'address'], ['approved', 'address'], ['change_block', 'bigint']],
    key: ['chain_id', 'contract', 'token_id'],
    indexes: [['idx_token_approvals_owner', ['chain_id', 'owner']]],
  },
  {
    name: 'operator_approvals',
    columns: [['chain_id', 'int'], ['contract', 'address'], ['owner', 'address'], ['operator', 'address'], ['approved', 'bool'], ['change_block', 'bigint']],
    key: ['chain_id', 'contract', 'owner', 'operator'],
    indexes: [['idx_operator_approvals_owner', ['chain_id', 'owner']]],
  },
  {
    name: 'approval_events',
    columns: [
      ['chain_id', 'int'],
      ['block_number', 'bigint'],
      ['log_index', 'position'],
      ['block_hash', 'hash'],
      ['tx_hash', 'hash'],
      ['contract', 'address'],
      ['kind', 'kind'],
      ['owner', 'address'],
      ['spender', 'address'],
      ['value', 'uint256'],
      ['timestamp', 'bigint'],
    ],
    key: ['chain_id', 'block_number', 'log_index'],
    indexes: [['idx_approval_events_owner', ['chain_id', 'owner', 'block_number', 'log_index']]],
  },
];

/** Each kind's column type: [MySQL/MariaDB, SQLite]. */
const TYPES: Record<Kind, [mysql: string, sqlite: string]> = {
  int: ['INT', 'integer'],
  bigint: ['BIGINT', 'bigint'],
  position: ['BIGINT UNSIGNED', 'bigint'],
  bool: ['TINYINT', 'boolean'],
  address: ['VARBINARY(20)', 'blob'],
  hash: ['VARBINARY(32)', 'blob'],
  uint256: ['varchar(78)', 'varchar(78)'],
  kind: ['varchar(8)', 'varchar(8)'],
};
const columnType = (kind: Kind, mysql: boolean): string => TYPES[kind][mysql ? 0 : 1];

export class Approvals1795860000000 implements MigrationInterface {
  name = 'Approvals1795860000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    for (const t of TABLES) {
      const columns = t.columns.map(([name, kind, nullable]) => `\`${name}\` ${columnType(kind, mysql)} ${nullable ? 'NULL' : 'NOT NULL'}`);
      columns.push(`PRIMARY KEY (${t.key.map((k) => `\`${k}\``).join(', ')})`);
      const head = `CREATE TABLE \`${t.name}\` (${columns.join(', ')})`;
      await q.query(mysql ? `${head} ENGINE=InnoDB` : `${head} WITHOUT ROWID`);
      for (const [name, cols] of t.indexes) await q.query(`CREATE INDEX \`${name}\` ON \`${t.name}\` (${cols.map((c) => `\`${c}\``).join(', ')})`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [...TABLES].reverse()) await q.query(`DROP TABLE \`${t.name}\``);
  }
}
