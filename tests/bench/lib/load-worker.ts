// Forked load generator for the query benchmark: closed-loop HTTP clients (undici, one keep-alive connection each)
// and the bare-SQL ceiling (the same statement through the same driver, no gateway).
import { createPool } from 'mysql2/promise';
import { Client } from 'undici';
import { Samples, nowMs, round, summarize, type LatencySummary } from './stats';
import { emit, serveWorker } from './worker';

import { SqliteDatabase as Database } from '../../../src/db/sqlite-driver';

export type LoadWindow = { clients: number; warmupMs: number; durationMs: number };

export type HttpLoad = LoadWindow & { origin: string; path: string; headers: Record<string, string>; bodies: string[] };

export type SqlLoad = LoadWindow & { dialect: 'sqlite' | 'mysql'; target: string; sql: string; params: unknown[][] };

export type LoadResult = {
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  rps: number;
  latencyMs: LatencySummary;
  /** CPU of this (client) process over the measured window, in % of one core. */
  clientCpuPct: number;
  /** One response body, to check what was measured. */
  sample: string | null;
};

/**
 * Runs `clients` closed loops: each sends its next request as soon as the previous one answered.
 * Only calls that start and end inside the measured window (after the warm-up) are counted.
 */
const closedLoops = async (w: LoadWindow, call: (seq: number, loop: number) => Promise<string | null>): Promise<LoadResult> => {
  const samples = new Samples();
  const t0 = nowMs();
  const measureFrom = t0 + w.warmupMs;
  const measureTo = measureFrom + w.durationMs;
  let errors = 0;
  let firstError: string | null = null;
  let sample: string | null = null;
  let next = 0;
  let cpuStart: NodeJS.CpuUsage | null = null;
  let cpuEnd: NodeJS.CpuUsage | null = null;
  // The window is marked by whichever comes first, a timer or a loop that sees the clock pass the mark
  // (a synchronous driver starves timers); the parent samples the server's CPU on these events.
  const markStart = () => {
    if (cpuStart) return;
    cpuStart = process.cpuUsage();
    emit('window', 'start');
  };
  const markEnd = () => {
    if (cpuEnd) return;
    markStart();
    cpuEnd = process.cpuUsage(cpuStart!);
    emit('window', 'end');
  };
  const startTimer = setTimeout(markStart, w.warmupMs);
  const endTimer = setTimeout(markEnd, w.warmupMs + w.durationMs);
  const loop = async (_: unknown, index: number) => {
    for (;;) {
      const start = nowMs();
      if (start >= measureTo) return markEnd();
      if (start >= measureFrom) markStart();
      try {
        const body = await call(next++, index);
        const end = nowMs();
        if (start >= measureFrom && end <= measureTo) samples.push(end - start);
        sample ??= body;
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: w.clients }, loop));
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  markEnd();
  const cpu = cpuEnd!;
  const seconds = w.durationMs / 1000;
  return {
    requests: samples.length,
    errors,
    firstError,
    seconds,
    rps: round(samples.length / seconds, 1),
    latencyMs: summarize(samples.values()),
    clientCpuPct: round(((cpu.user + cpu.system) / 1000 / w.durationMs) * 100, 1),
    sample,
  };
};

const http = async (load: HttpLoad): Promise<LoadResult> => {
  const conns = Array.from({ length: load.clients }, () => new Client(load.origin, { pipelining: 1, keepAliveTimeout: 60_000 }));
  try {
    return await closedLoops(load, async (i, loop) => {
      const res = await conns[loop].request({ path: load.path, method: 'POST', headers: load.headers, body: load.bodies[i % load.bodies.length] });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`);
      if (text.startsWith('{"errors"')) throw new Error(`GraphQL errors: ${text.slice(0, 300)}`);
      return i < 4 ? text : null;
    });
  } finally {
    await Promise.all(conns.map((c) => c.close()));
  }
};

const sql = async (load: SqlLoad): Promise<LoadResult> => {
  if (load.dialect === 'sqlite') {
    // One connection, as the server has: better-sqlite3 is synchronous, so more loops only take turns.
    const db = new Database(load.target, { readonly: true, fileMustExist: true });
    const stmt = db.prepare(load.sql);
    try {
      return await closedLoops(load, async (i) => {
        const rows = stmt.all(...(load.params[i % load.params.length] as unknown[])) as unknown[];
        if (!rows.length) throw new Error('no rows');
        return i < 1 ? JSON.stringify(rows) : null;
      });
    } finally {
      db.close();
    }
  }
  // mysql2 as TypeORM configures it: text protocol, client-side placeholders, one pooled connection per loop.
  const pool = createPool({ uri: load.target, connectionLimit: load.clients, charset: 'utf8mb4', timezone: 'Z', supportBigNumbers: true, bigNumberStrings: true });
  try {
    await Promise.all(Array.from({ length: load.clients }, () => pool.query('SELECT 1')));
    return await closedLoops(load, async (i) => {
      const [rows] = (await pool.query(load.sql, load.params[i % load.params.length])) as [unknown[], unknown];
      if (!rows.length) throw new Error('no rows');
      return i < 1 ? JSON.stringify(rows) : null;
    });
  } finally {
    await pool.end();
  }
};

if (require.main === module) serveWorker({ http, sql });
