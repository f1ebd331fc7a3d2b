// Applies pending migrations under a database lock, so replicas starting together apply each once.
import type { Db } from './data-source';
import { withDatabaseLock, type LeadershipSettings } from './locks';

/** `leadership`: on Galera (auto) a lease, since GET_LOCK would let two nodes' processes migrate at once. */
export const migrateDatabase = async (db: Db, log?: { info(msg: string): void }, leadership?: LeadershipSettings): Promise<string[]> =>
  withDatabaseLock(
    db,
    'migrations',
    async () => {
      const applied = await db.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
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
