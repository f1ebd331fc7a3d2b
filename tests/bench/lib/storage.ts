// Bytes on disk per table (data and indexes) of Strata's database, for bytes-per-event figures.
import type { Db } from '../../../src/db';
import { dialectOf } from '../../../src/db';

export type TableBytes = { table: string; data: number; index: number; /** Bytes of each secondary index (SQLite: also the primary key's autoindex). */ indexes?: Record<string, number> };

/**
 * SQLite: pages per table and per index from the dbstat virtual table, after a checkpoint folds the WAL in.
 * MariaDB (InnoDB): data_length and index_length after ANALYZE TABLE refreshed them (whole 16 KB pages, so
 * they include the free space InnoDB keeps in its pages: what the disk holds).
 */
export const tableBytes = async (db: Db): Promise<TableBytes[]> => {
  if (dialectOf(db) === 'sqlite') {
    await db.query('PRAGMA wal_checkpoint(TRUNCATE)');
    const objects = (await db.query(`SELECT name, tbl_name AS tbl, type FROM sqlite_master WHERE type IN ('table', 'index')`)) as Array<{ name: string; tbl: string; type: string }>;
    const pages = new Map(((await db.query('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name')) as Array<{ name: string; bytes: number }>).map((r) => [r.name, Number(r.bytes)]));
    const out = new Map<string, TableBytes>();
    for (const o of objects) {
      const t = out.get(o.tbl) ?? { table: o.tbl, data: 0, index: 0 };
      // A WITHOUT ROWID table's primary key is its data; a rowid table's autoindex of its primary key is an index.
      if (o.type === 'table') t.data += pages.get(o.name) ?? 0;
      else {
        t.index += pages.get(o.name) ?? 0;
        t.indexes = { ...t.indexes, [o.name]: pages.get(o.name) ?? 0 };
      }
      out.set(o.tbl, t);
    }
    return [...out.values()].filter((t) => t.data + t.index > 0).sort((a, b) => b.data + b.index - (a.data + a.index));
  }
  const tables = (await db.query('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = DATABASE()')) as Array<{ t: string }>;
  for (const { t } of tables) await db.query(`ANALYZE TABLE \`${t}\``);
  const rows = (await db.query(
    'SELECT table_name AS t, data_length AS d, index_length AS i FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY data_length + index_length DESC',
  )) as Array<{ t: string; d: string; i: string }>;
  const indexes = (await db.query(
    "SELECT table_name AS t, index_name AS n, stat_value * @@innodb_page_size AS bytes FROM mysql.innodb_index_stats WHERE database_name = DATABASE() AND stat_name = 'size'",
  )) as Array<{ t: string; n: string; bytes: string }>;
  const byTable = (t: string) => Object.fromEntries(indexes.filter((i) => i.t === t && i.n !== 'PRIMARY').map((i) => [i.n, Number(i.bytes)]));
  return rows.map((r) => ({ table: r.t, data: Number(r.d), index: Number(r.i), indexes: byTable(r.t) })).filter((t) => t.data + t.index > 0);
};
