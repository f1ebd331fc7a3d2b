// Requests per access key and UTC day. Counted in this process's memory on the request path and added to the
// database (access_key_usage_days) in one statement every few seconds, and before a usage read.
//
// Why the database rather than Redis counters: usage is a record kept for months and read by date ranges, which is
// what the database is for; it is there with or without Redis, and every replica of a deployment writes to the same
// one, so the totals are shared by replicas either way. Redis (optional, and often run without persistence) holds only
// what must be exact at once across replicas: the rate and quota counters (counters.ts). A request pays a map update,
// not a statement; another replica's requests show up in a read within KEY_USAGE_FLUSH_SECONDS.
import { AccessKeyUsageDayEntity, dialectOf, type Db } from '../../db';

export type UsageOutcome = 'served' | 'rate_limited' | 'quota_exceeded';

/** A key's requests in this process since it started, by outcome (the /metrics counters). */
export type KeyUsageTotals = { keyId: number; served: number; rateLimited: number; quotaExceeded: number };

export type UsageRecorder = {
  record(key: { id: number; projectId: number }, outcome: UsageOutcome): void;
  /** Writes what this process counted so far. */
  flush(): Promise<void>;
  /** Rows of a key from day `from` to day `to` (days since 1970-01-01, UTC), this process's counts included. */
  read(keyId: number, from: number, to: number): Promise<Array<{ day: number; requests: number; refused: number }>>;
  /** A project's rows added up per day across its keys (revoked ones too), this process's counts included. */
  readProject(projectId: number, from: number, to: number): Promise<Array<{ day: number; requests: number; refused: number }>>;
  totals(): Iterable<KeyUsageTotals>;
  close(): Promise<void>;
};

type Pending = { keyId: number; projectId: number; day: number; requests: number; refused: number };

const DAY_MS = 86_400_000;
/** Rows per statement (5 parameters each). */
const BATCH = 200;

export const utcDayOf = (ms: number) => Math.floor(ms / DAY_MS);

export const createUsageRecorder = ({ db, flushSeconds }: { db: Db; flushSeconds: number }): UsageRecorder => {
  // Keyed by key id; a key's entry of an earlier day moves to `earlier` when its next request comes on a new day.
  let pending = new Map<number, Pending>();
  let earlier: Pending[] = [];
  const totals = new Map<number, KeyUsageTotals>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const upsert = async (rows: Pending[]) => {
    const mysql = dialectOf(db) === 'mysql';
    const add = mysql
      ? ' ON DUPLICATE KEY UPDATE requests = requests + VALUES(requests), refused = refused + VALUES(refused)'
      : ' ON CONFLICT (access_key_id, utc_day) DO UPDATE SET requests = requests + excluded.requests, refused = refused + excluded.refused';
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      await db.query(
        `INSERT INTO access_key_usage_days (access_key_id, utc_day, project_id, requests, refused) VALUES ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}${add}`,
        batch.flatMap((r) => [r.keyId, r.day, r.projectId, r.requests, r.refused]),
      );
    }
  };

  const writeOnce = async () => {
    const rows = [...earlier, ...pending.values()];
    if (!rows.length) return;
    pending = new Map();
    earlier = [];
    try {
      await upsert(rows);
    } catch (err) {
      // Kept for the next write: counts are not dropped because the database was briefly away, and rows of one key
      // and day are merged, so an outage holds one row per key and day. (A batch that failed half-way may count its
      // first rows twice; one statement holds up to BATCH keys.)
      const kept = new Map<string, Pending>();
      for (const r of [...rows, ...earlier]) {
        const id = `${r.keyId}:${r.day}`;
        const k = kept.get(id);
        if (k) {
          k.requests += r.requests;
          k.refused += r.refused;
        } else kept.set(id, { ...r });
      }
      earlier = [...kept.values()];
      throw err;
    }
  };
  // One write at a time, in order.
  const flush = () => (writing = writing.catch(() => {}).then(writeOnce));

  return {
    record(key, outcome) {
      const day = utcDayOf(Date.now());
      let entry = pending.get(key.id);
      if (!entry || entry.day !== day) {
        if (entry) earlier.push(entry);
        entry = { keyId: key.id, projectId: key.projectId, day, requests: 0, refused: 0 };
        pending.set(key.id, entry);
      }
      let total = totals.get(key.id);
      if (!total) totals.set(key.id, (total = { keyId: key.id, served: 0, rateLimited: 0, quotaExceeded: 0 }));
      if (outcome === 'served') {
        entry.requests++;
        total.served++;
      } else {
        entry.refused++;
        if (outcome === 'rate_limited') total.rateLimited++;
        else total.quotaExceeded++;
      }
      timer ??= setInterval(() => void flush().catch(() => {}), flushSeconds * 1000).unref();
    },
    flush,
    async read(keyId, from, to) {
      await flush();
      const rows = await db
        .getRepository(AccessKeyUsageDayEntity)
        .createQueryBuilder('u')
        .where('u.accessKeyId = :keyId AND u.day BETWEEN :from AND :to', { keyId, from, to })
        .orderBy('u.day', 'ASC')
        .getMany();
      return rows.map((r) => ({ day: r.day, requests: r.requests, refused: r.refused }));
    },
    async readProject(projectId, from, to) {
      await flush();
      const rows = await db
        .getRepository(AccessKeyUsageDayEntity)
        .createQueryBuilder('u')
        .select('u.day', 'day')
        .addSelect('SUM(u.requests)', 'requests')
        .addSelect('SUM(u.refused)', 'refused')
        .where('u.projectId = :projectId AND u.day BETWEEN :from AND :to', { projectId, from, to })
        .groupBy('u.day')
        .getRawMany<{ day: number | string; requests: number | string; refused: number | string }>();
      // SUM is a DECIMAL on MySQL (a string here): the counts fit a double.
      return rows.map((r) => ({ day: Number(r.day), requests: Number(r.requests), refused: Number(r.refused) })).sort((a, b) => a.day - b.day);
    },
    totals: () => totals.values(),
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
};
