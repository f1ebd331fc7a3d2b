// Data files hold keys' hashes, tokens' secret and chain data: only the owner may read them. Directories
// Strata creates are 0700 and files 0600; an existing database file (and its -wal/-shm) is tightened to
// 0600, since installs before this change left it 0644. SQLite gives -wal/-shm the database file's mode.
import fs from 'node:fs';
import path from 'node:path';

/** Creates `dir` (and missing parents) as 0700; an existing directory is left as the operator made it. */
export const ensurePrivateDir = (dir: string): void => {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
};

/** Creates `file` empty as 0600 if absent, else narrows its mode to 0600 (files SQLite made with it too). */
export const ensurePrivateFile = (file: string, companions: readonly string[] = []): void => {
  ensurePrivateDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, ...companions]) {
    try {
      if ((fs.statSync(f).mode & 0o077) !== 0) fs.chmodSync(f, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
};
