// Which better-sqlite3 this Node runs. Version 12 (compiled at install) aborts the process on Node 24 when a
// garbage-collected statement is finalized (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`,
// reproduced here on 24.21 at start-up); version 13 fixes that and ships prebuilt binaries, but needs Node 22 or
// later (it crashes on 20). Both are installed — 13 under the name better-sqlite3-node22 — and the one that fits
// this Node is loaded.
import type BetterSqlite3 from 'better-sqlite3';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

export const sqliteDriverName = NODE_MAJOR >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3';

export const SqliteDatabase: typeof BetterSqlite3 = require(sqliteDriverName);
