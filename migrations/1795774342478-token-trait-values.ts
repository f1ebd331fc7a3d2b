// Trait search, part 2.
// - token_trait_values: per contract, each (property, value) of its stored documents with how many tokens have it:
//   the property filters a contract offers read a few hundred rows instead of grouping every token's traits, and a
//   search starts from its rarest condition when that one is rare. Filled from token_traits as they are now.
// - SQLite: token_traits stored in its primary key's B-tree (WITHOUT ROWID, as InnoDB stores every table), so a
//   condition's probe and a contract's scan read the key alone, not the key then the row.
import { MigrationInterface, QueryRunner, Table } from 'typeorm';

type SchemaRow = { type: 'table' | 'index'; sql: string | null };

/** SQLite: rebuilds `table` from its own CREATE statement, with or without rowids, keeping its rows and indexes. */
const rebuild = async (q: QueryRunner, table: string, withoutRowid: boolean) => {
  const rows = (await q.query(`SELECT type, sql FROM sqlite_master WHERE tbl_name = ?`, [table])) as SchemaRow[];
  const create = rows.find((r) => r.type === 'table')!.sql!.replace(/\s*WITHOUT ROWID\s*$/i, '');
  const indexes = rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
  const temporary = `${table}_rebuilt`;
  await q.query(create.replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${temporary}"`) + (withoutRowid ? ' WITHOUT ROWID' : ''));
  await q.query(`INSERT INTO "${temporary}" SELECT * FROM "${table}"`);
  await q.query(`DROP TABLE "${table}"`);
  await q.query(`ALTER TABLE "${temporary}" RENAME TO "${table}"`);
  for (const sql of indexes) await q.query(sql);
};

export class TokenTraitValues1795774342478 implements MigrationInterface {
  name = 'TokenTraitValues1795774342478';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    const bin = mysql ? { collation: 'utf8mb4_bin', charset: 'utf8mb4' } : {};
    await q.createTable(
      new Table({
        name: 'token_trait_values',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'name', type: 'varchar', length: '128', isPrimary: true, ...bin },
          { name: 'value', type: 'varchar', length: '255', isPrimary: true, ...bin },
          { name: 'kind', type: 'varchar', length: '1' },
          { name: 'value_num', type: 'double', isNullable: true },
          // 0 once the last token with it changed; such rows are skipped by reads and reused by the next token.
          { name: 'tokens', type: 'integer' },
        ],
      }),
    );
    await q.query(
      'INSERT INTO token_trait_values (chain_id, contract, name, value, kind, value_num, tokens) ' +
        'SELECT chain_id, contract, name, value, MIN(kind), MIN(value_num), COUNT(*) FROM token_traits GROUP BY chain_id, contract, name, value',
    );
    if (!mysql) await rebuild(q, 'token_traits', true);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type !== 'mysql') await rebuild(q, 'token_traits', false);
    await q.dropTable('token_trait_values');
  }
}
