// Multi-row INSERT helpers that work on MySQL and SQLite (ignore duplicates, or upsert named columns).
import type { EntityManager, EntitySchema, ObjectLiteral } from 'typeorm';

// SQLite allows 32,766 bound variables per statement; MySQL's packet limit is the other bound.
const ROWS_PER_STATEMENT = 400;

const chunks = <T>(rows: T[], size = ROWS_PER_STATEMENT): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

export const insertIgnore = async <T extends ObjectLiteral>(m: EntityManager, entity: EntitySchema<T>, rows: T[]) => {
  for (const part of chunks(rows)) {
    await m.createQueryBuilder().insert().into(entity).values(part as never).orIgnore().updateEntity(false).execute();
  }
};

/** Upsert: `update` are column (database) names to overwrite, `conflict` the unique key's column names. */
export const upsert = async <T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntitySchema<T>,
  rows: T[],
  update: string[],
  conflict: string[],
) => {
  for (const part of chunks(rows)) {
    await m.createQueryBuilder().insert().into(entity).values(part as never).orUpdate(update, conflict).updateEntity(false).execute();
  }
};

export { chunks };
