// Applies pending migrations under a database lock, so replicas starting together apply each once.
import { MigrationExecutor } from 'typeorm';
import type { Db } from './data-source';
import { withDatabaseLock, type LeadershipSettings } from './locks';

/** `leadership`: on Galera (auto) a lease, since GET_LOCK would let two nodes' processes migrate at once. */
export const migrateDatabase = async (db: Db, log?: { info(msg: string): void }, leadership?: LeadershipSettings): Promise<string[]> =>
  withDatabaseLock(
    db,
    'migrations',
    async () => {
      // As db.runMigrations, on a runner that carries the logger: a long migration (1795810000000, a copy of the chain
      // tables) reports its progress through it, in the process's log, instead of on stderr.
      const runner = db.createQueryRunner();
      runner.data = log ? { logger: { info: (_fields: object, msg: string) => log.info(msg) } } : {};
      try {
        const executor = new MigrationExecutor(db, runner);
        executor.transaction = 'each';
        return (await executor.executePendingMigrations()).map((m) => m.name);
      } finally {
        await runner.release();
      }
    },
    { onWait: () => log?.info('another process is applying migrations; waiting for it'), leadership },
  );

/** Database reachable and every migration applied. */
export const isDatabaseReady = async (db: Db): Promise<boolean> => {
  try {
    await db.query('SELECT 1');
    return !(await db.showMigrations());
  } catch {
    return false;
  }
};
