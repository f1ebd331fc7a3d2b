// The id of the deployment that owns this database (written once by a migration).
import type { Db } from './data-source';

export const readDeploymentId = async (db: Db): Promise<string> => {
  const rows: Array<{ value: string }> = await db.query("SELECT value FROM deployment WHERE name = 'id'");
  if (!rows.length) throw new Error('the deployment table has no id: run `strata migrate`');
  return rows[0].value;
};
