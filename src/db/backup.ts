// Online copies of the embedded SQLite database (`strata backup`): SQLite's backup API through better-sqlite3. The
// copy is one read transaction over the whole file, so it is consistent while another process (an indexer) writes:
// in WAL mode that reader does not block the writer, and the writer does not disturb it. MySQL and MariaDB are backed
// up with their own tools (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from './sqlite-driver';

export type BackupResult = { file: string; bytes: number; pages: number; ms: number };

/** Pages per backup step: all of them at once. SQLite restarts a stepwise backup when another connection writes between steps. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database at `source` to `target` (which must not exist yet), through a temporary file renamed
 * into place once the copy passed SQLite's quick check: a failed or interrupted backup leaves no file that looks whole.
 */
export const backupSqliteDatabase = async (source: string, target: string): Promise<BackupResult> => {
  const started = Date.now();
  const file = path.resolve(target);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  if (fs.existsSync(file)) throw new Error(`${file} exists already: choose a new file (a backup never overwrites one)`);
  if (!fs.existsSync(path.dirname(file))) throw new Error(`directory ${path.dirname(file)} does not exist`);
  const partial = `${file}.partial-${process.pid}`;
  // Not read-only: a WAL database's reader may need to create the -shm index after a writer's crash.
  const db = new SqliteDatabase(source, { fileMustExist: true, timeout: 10_000 });
  try {
    // Private like the database itself (it holds hashed keys and every project's data).
    fs.writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES });
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      // The copy is a WAL database like its source; a single file is what an operator moves around.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed SQLite's quick check: ${String(check)}`);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, pages: totalPages, ms: Date.now() - started };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
};
