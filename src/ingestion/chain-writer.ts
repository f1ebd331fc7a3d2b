// The one way chain-derived rows are written, so that a rollback can undo them without knowing the tables.
//
// Every write of a block that a reorg may still orphan (within the confirmation window of the indexed block) leaves
// an entry in chain_undo_log, as Subsquid's hot blocks keep one: a table of rows that belong to blocks (transfers,
// blocks, balance changes) leaves one entry per block, undone by block number; a keyed table (balances, day counts)
// leaves the row as it stood before each block's write. `undoAbove` replays the log newest first, for every table
// that ever went through here; reorg.ts names none of them. A new chain-derived table written through this module is
// rolled back by construction.
import { In, MoreThan, type EntityManager, type EntitySchema, type ObjectLiteral } from 'typeorm';
import type { EntityMetadata } from 'typeorm';
import { ChainUndoEntity, type ChainUndoRow } from '../db';
import { chunks, insertNew, upsert } from './write-rows';

/** Rows of a table whose rows each belong to one block of one chain. */
type BlockRow = ObjectLiteral & { chainId: number };

export type ChainWriter = {
  /**
   * Rows that belong to their block: a rollback deletes those above the common ancestor, or, with `onRollback`, keeps
   * them with these columns set (transactions stay listed as reorged). Duplicates are ignored, or with `upsert` (property
   * names) overwrite those columns. `block`: the property holding the block number (default `blockNumber`).
   */
  appendByBlock<T extends BlockRow>(
    entity: EntitySchema<T>,
    rows: T[],
    opts?: { block?: keyof T & string; upsert?: (keyof T & string)[]; onRollback?: Partial<T> },
  ): Promise<void>;
  /**
   * Keyed rows, each as it stands after `block` (in block order; a key may be written at several blocks of a batch).
   * The last write per key is stored; a rollback restores the row as it stood before the first orphaned block.
   */
  putByKey<T extends ObjectLiteral>(entity: EntitySchema<T>, writes: Array<{ block: number; row: T }>): Promise<void>;
};

/** Dates survive the JSON round trip of a before-image. */
const encode = (row: ObjectLiteral): string =>
  JSON.stringify(row, function (this: ObjectLiteral, k, v) {
    const raw = this[k];
    return raw instanceof Date ? { $date: raw.toISOString() } : v;
  });
const decode = (json: string): ObjectLiteral =>
  JSON.parse(json, (_k, v) => (v && typeof v === 'object' && typeof v.$date === 'string' ? new Date(v.$date) : v));

const keyOf = (meta: EntityMetadata, row: ObjectLiteral): ObjectLiteral =>
  Object.fromEntries(meta.primaryColumns.map((c) => [c.propertyName, row[c.propertyName]]));
/** A row's key as one string, cheap enough for every row of a backfill batch. */
const idOf = (meta: EntityMetadata, row: ObjectLiteral): string => meta.primaryColumns.map((c) => String(row[c.propertyName])).join('\u0001');
const dbNames = (meta: EntityMetadata, props: string[]) => props.map((p) => meta.findColumnWithPropertyName(p)!.databaseName);
const nonKeyColumns = (meta: EntityMetadata, row: ObjectLiteral) =>
  meta.columns.filter((c) => !c.isPrimary && row[c.propertyName] !== undefined).map((c) => c.databaseName);

/** Rows as stored now, by key; at most 200 keys per statement (SQLite's expression depth). */
const storedRows = async (m: EntityManager, meta: EntityMetadata, keys: ObjectLiteral[]): Promise<Map<string, ObjectLiteral>> => {
  const found = new Map<string, ObjectLiteral>();
  for (const part of chunks(keys, 200)) {
    for (const row of await m.getRepository(meta.target).find({ where: part })) found.set(idOf(meta, row), row);
  }
  return found;
};

/**
 * A writer for one chain inside the batch's transaction. `logFrom`: the first block a rollback may still reach;
 * writes of older blocks are final by then and leave no undo entry (a backfill batch logs only its last blocks).
 */
export const createChainWriter = (m: EntityManager, chainId: number, logFrom: number): ChainWriter => {
  const log = (entries: ChainUndoRow[]) => insertNew(m, ChainUndoEntity, entries);

  return {
    async appendByBlock(entity, rows, opts = {}) {
      if (!rows.length) return;
      const meta = m.connection.getMetadata(entity);
      if (opts.upsert) await upsert(m, entity, rows, dbNames(meta, opts.upsert), meta.primaryColumns.map((c) => c.databaseName));
      else await insertNew(m, entity, rows);
      const property = opts.block ?? 'blockNumber';
      const blocks = [...new Set(rows.map((r) => Number(r[property])).filter((b) => b >= logFrom))].sort((a, b) => a - b);
      const before = opts.onRollback ? JSON.stringify(opts.onRollback) : null;
      // For a block entry, `key` names the block-number property.
      await log(blocks.map((blockNumber) => ({ chainId, blockNumber, entity: meta.name, kind: 'block', key: property, before })));
    },

    async putByKey(entity, writes) {
      if (!writes.length) return;
      const meta = m.connection.getMetadata(entity);
      const byKey = new Map<string, { key: ObjectLiteral; writes: Array<{ block: number; row: ObjectLiteral }> }>();
      const ordered = writes.every((w, i) => i === 0 || writes[i - 1].block <= w.block) ? writes : [...writes].sort((a, b) => a.block - b.block);
      for (const w of ordered) {
        const id = idOf(meta, w.row);
        const k = byKey.get(id);
        if (k) k.writes.push(w);
        else byKey.set(id, { key: w.row, writes: [w] });
      }
      // Before-images come first: the stored row is what the first write of the batch replaces.
      const logged = [...byKey.entries()].filter(([, k]) => k.writes.some((w) => w.block >= logFrom));
      const stored = logged.length ? await storedRows(m, meta, logged.map(([, k]) => keyOf(meta, k.key))) : new Map<string, ObjectLiteral>();
      const entries: ChainUndoRow[] = [];
      for (const [id, k] of logged) {
        const key = encode(keyOf(meta, k.key));
        let previous: ObjectLiteral | null = stored.get(id) ?? null;
        let lastBlock = -1;
        for (const w of k.writes) {
          if (w.block >= logFrom && w.block !== lastBlock) {
            entries.push({ chainId, blockNumber: w.block, entity: meta.name, kind: 'row', key, before: previous && encode(previous) });
          }
          previous = w.row;
          lastBlock = w.block;
        }
      }
      const latest = [...byKey.values()].map((k) => k.writes[k.writes.length - 1].row);
      await upsert(m, entity, latest as typeof writes[number]['row'][], nonKeyColumns(meta, latest[0]), meta.primaryColumns.map((c) => c.databaseName));
      await log(entries);
    },
  };
};

/**
 * Undoes every logged write of blocks above `ancestor`, newest first, and forgets those entries. Per keyed row, the
 * before-image of its earliest orphaned write is the state at the ancestor.
 */
export const undoAbove = async (m: EntityManager, chainId: number, ancestor: number): Promise<void> => {
  const undo = m.getRepository(ChainUndoEntity);
  const entries = await undo.find({ where: { chainId, blockNumber: MoreThan(ancestor) }, order: { id: 'ASC' } });
  const byBlock = new Map<string, ChainUndoRow>();
  const earliestPerRow = new Map<string, ChainUndoRow>();
  for (const e of entries) {
    if (e.kind === 'block') byBlock.set(`${e.entity}\n${e.key}\n${e.before ?? ''}`, e);
    else if (!earliestPerRow.has(`${e.entity}\n${e.key}`)) earliestPerRow.set(`${e.entity}\n${e.key}`, e);
  }
  for (const e of byBlock.values()) {
    const repo = m.getRepository(e.entity);
    const orphaned = { chainId, [e.key!]: MoreThan(ancestor) };
    if (e.before) await repo.update(orphaned, JSON.parse(e.before));
    else await repo.delete(orphaned);
  }
  const rows = [...earliestPerRow.values()].sort((a, b) => b.id! - a.id!);
  for (const e of rows) {
    const meta = m.connection.getMetadata(e.entity);
    if (e.before === null) {
      await m.getRepository(e.entity).delete(decode(e.key!));
    } else {
      const before = decode(e.before);
      await upsert(m, meta.target, [before], nonKeyColumns(meta, before), meta.primaryColumns.map((c) => c.databaseName));
    }
  }
  const ids = entries.map((e) => e.id!);
  for (const part of chunks(ids, 500)) await undo.delete({ id: In(part) });
};

/**
 * Deletes for good the rows of `entities` that `where` selects on one chain (a pruned contract's), with the undo entries
 * that a rollback would bring them back from: those of keyed rows, read through this module's own key encoding (the key,
 * or the before-image when the key does not hold `where`'s properties). Entries of other tables stay, so a rollback
 * still undoes their rows. Returns the rows deleted, per entity in the given order.
 */
export const deleteForGood = async (m: EntityManager, chainId: number, entities: EntitySchema<ObjectLiteral>[], where: ObjectLiteral): Promise<number[]> => {
  const deleted: number[] = [];
  for (const entity of entities) deleted.push((await m.getRepository(entity).delete({ ...where, chainId })).affected ?? 0);
  const names = entities.map((e) => m.connection.getMetadata(e).name);
  const props = Object.keys(where);
  const matches = (row: ObjectLiteral | null) => row !== null && props.every((p) => row[p] === where[p]);
  const undo = m.getRepository(ChainUndoEntity);
  const forget: number[] = [];
  // In pages: the log spans the whole reorg window of a busy chain.
  for (let after = -1; ; ) {
    const page = await undo.find({ where: { chainId, kind: 'row', entity: In(names), id: MoreThan(after) }, order: { id: 'ASC' }, take: 5_000 });
    for (const e of page) {
      const key = decode(e.key!);
      if (props.every((p) => p in key) ? matches(key) : matches(e.before === null ? null : decode(e.before))) forget.push(e.id!);
    }
    if (page.length < 5_000) break;
    after = page[page.length - 1].id!;
  }
  for (const part of chunks(forget, 500)) await undo.delete({ id: In(part) });
  return deleted;
};

/** Entries of blocks at or below `block` can no longer be reached by a rollback. */
export const forgetUndoThrough = (m: EntityManager, chainId: number, block: number) =>
  m.getRepository(ChainUndoEntity).createQueryBuilder().delete().where('chain_id = :chainId AND block_number <= :block', { chainId, block }).execute();
