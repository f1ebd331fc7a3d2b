// Trait search and contract-info overrides.
// - token_search: one row per token with a stored document (its folded name, and `token_key`, the token id as a string
//   that sorts numerically: two digits of length, then the digits), the set every token search starts from.
// - token_traits: one row per (token, property, value) of stored documents, keyed so that "tokens of this contract whose
//   property P has one of these values" is a range of the primary key, and numeric ranges one of `idx_token_traits_num`.
// - contract_info_overrides: what the operator set over what the chain and the contractURI document say; the columns
//   searches filter and sort on are columns, the rest of the extensions JSON.
// Names and values compare byte for byte on MySQL too (utf8mb4_bin), as on SQLite: "Red" and "red" are two values.
import { MigrationInterface, QueryRunner, Table, TableIndex, type TableColumnOptions } from 'typeorm';

const ts = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'datetime', precision: 3, isNullable: nullable });

export class TokenTraitsAndOverrides1795771878158 implements MigrationInterface {
  name = 'TokenTraitsAndOverrides1795771878158';

  async up(q: QueryRunner): Promise<void> {
    const bin = q.connection.options.type === 'mysql' ? { collation: 'utf8mb4_bin', charset: 'utf8mb4' } : {};
    await q.createTable(
      new Table({
        name: 'token_search',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'token_id', type: 'varchar', length: '78', isPrimary: true },
          { name: 'token_key', type: 'varchar', length: '80' },
          { name: 'name', type: 'varchar', length: '255', ...bin },
          ts('fetched_at', true),
        ],
      }),
    );
    await q.createIndex('token_search', new TableIndex({ name: 'idx_token_search_order', columnNames: ['chain_id', 'contract', 'token_key'], isUnique: true }));
    await q.createTable(
      new Table({
        name: 'token_traits',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'name', type: 'varchar', length: '128', isPrimary: true, ...bin },
          { name: 'value', type: 'varchar', length: '255', isPrimary: true, ...bin },
          { name: 'token_key', type: 'varchar', length: '80', isPrimary: true },
          { name: 'value_num', type: 'double', isNullable: true },
          // s: text, n: number, a: element of an array, b: boolean.
          { name: 'kind', type: 'varchar', length: '1' },
        ],
      }),
    );
    await q.createIndex('token_traits', new TableIndex({ name: 'idx_token_traits_num', columnNames: ['chain_id', 'contract', 'name', 'value_num', 'token_key'] }));
    await q.createIndex('token_traits', new TableIndex({ name: 'idx_token_traits_token', columnNames: ['chain_id', 'contract', 'token_key'] }));
    await q.createTable(
      new Table({
        name: 'contract_info_overrides',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'address', type: 'varchar', length: '42', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200', isNullable: true },
          { name: 'type', type: 'varchar', length: '16', isNullable: true },
          { name: 'symbol', type: 'varchar', length: '100', isNullable: true },
          { name: 'decimals', type: 'integer', isNullable: true },
          { name: 'logo_uri', type: 'varchar', length: '2048', isNullable: true },
          { name: 'blacklist', type: 'boolean', isNullable: true },
          { name: 'verified', type: 'boolean', isNullable: true },
          { name: 'featured', type: 'boolean', isNullable: true },
          { name: 'extensions', type: 'text' },
          ts('created_at'),
          ts('updated_at'),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('contract_info_overrides');
    await q.dropTable('token_traits');
    await q.dropTable('token_search');
  }
}
