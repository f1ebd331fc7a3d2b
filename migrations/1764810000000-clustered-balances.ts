// SQLite: balances and balance changes stored in their primary key's B-tree (WITHOUT ROWID), as InnoDB stores every
// table. As rowid tables each row was written twice, once in the table (by rowid) and once in the primary key's index
// (the whole key again): every upsert of the ingester touched two B-trees, one of them at a random place, and the
// index alone took 153 + 193 bytes per event on the chain-scale chain (BENCHMARKS.md). MySQL/MariaDB: nothing to do.
import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['balances', 'balance_changes'];

type SchemaRow = { type: 'table' | 'index'; sql: string | null };

/** Rebuilds `table` from its own CREATE statement, with or without rowids, keeping its rows and indexes. */
const rebuild = async (q: QueryRunner, table: string, withoutRowid: boolean) => {
  const rows = (await q.query(`SELECT type, sql FROM sqlite_master WHERE tbl_name = ?`, [table])) as SchemaRow[];
  const create = rows.find((r) => r.type === 'table')!.sql!.replace(/\s*WITHOUT ROWID\s*$/i, '');
  // Automatic indexes (the primary key's) have no SQL of their own: the table's statement makes them.
  const indexes = rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
  const temporary = `${table}_rebuilt`;
  await q.query(create.replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${temporary}"`) + (withoutRowid ? ' WITHOUT ROWID' : ''));
  await q.query(`INSERT INTO "${temporary}" SELECT * FROM "${table}"`);
  await q.query(`DROP TABLE "${table}"`);
  await q.query(`ALTER TABLE "${temporary}" RENAME TO "${table}"`);
  for (const sql of indexes) await q.query(sql);
};

export class ClusteredBalances1764810000000 implements MigrationInterface {
  name = 'ClusteredBalances1764810000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') return;
    for (const table of TABLES) await rebuild(q, table, true);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') return;
    for (const table of TABLES) await rebuild(q, table, false);
  }
}
