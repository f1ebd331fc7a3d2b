// `strata backup <file>`: an online copy of the embedded SQLite database, taken while serve and index processes run.
import type { Command } from 'commander';
import type { Config } from '../../config';
import { backupSqliteDatabase } from '../../db/backup';

export const registerBackupCommand = (program: Command, { configOrExit }: { configOrExit: () => Config }) => {
  program
    .command('backup')
    .description('copy the embedded SQLite database to <file> while Strata keeps running; prints {"file","bytes","pages","ms"}')
    .argument('<file>', 'where to write the copy (a new file)')
    .action(async (file: string) => {
      const config = configOrExit();
      if (config.database.kind !== 'sqlite') {
        process.stderr.write(
          'strata backup copies the embedded SQLite database; DATABASE_URL names a MySQL/MariaDB database: back it up with mariadb-backup (see docs/operations.md, "Backup and restore")\n',
        );
        process.exitCode = 2;
        return;
      }
      try {
        process.stdout.write(`${JSON.stringify(await backupSqliteDatabase(config.database.path, file))}\n`);
      } catch (err) {
        process.stderr.write(`strata backup: ${(err as Error).message}\n`);
        process.exitCode = 1;
      }
    });
};
