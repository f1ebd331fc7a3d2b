// Chain pace over time: samples of ingestion's checkpoint (written by workers/chain-pace.ts through this store, pruned
// past their retention) read back as lag and blocks and events per second between consecutive samples.
import { LessThan } from 'typeorm';
import { ChainCheckpointEntity, ChainPaceSampleEntity, type ChainPaceSampleRow, type Db } from '../../db';
import type { AuthService } from '../auth/service';
import { requireReader } from '../auth/admin';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { chartWindowOf } from '../chart-window';

export type PaceSample = {
  sampledAt: Date;
  indexedBlock: number;
  headBlock: number;
  /** headBlock − indexedBlock, never below 0. */
  lag: number;
  eventsIndexed: number;
  /** Blocks committed per second since the sample before; null for the first of the window. */
  blocksPerSecond: number | null;
  eventsPerSecond: number | null;
};

export type ChainPaceStore = {
  /** One sample per chain that has a checkpoint, at `now` rounded down to the interval (a second sampler of the interval adds nothing); how many chains it sampled. */
  sample(chainIds: readonly number[], intervalMs: number, now?: number): Promise<number>;
  /** Deletes samples taken before `beforeMs`; how many went. */
  prune(beforeMs: number): Promise<number>;
};

export type ChainPaceService = {
  /** A chain's samples of the last `hours` (24 by default, at most 744), oldest first, thinned to at most MAX_POINTS. */
  pace(creds: Credentials, req: { chainId?: unknown; hours?: unknown }): Promise<PaceSample[]>;
};

/** Points one answer carries at most: more than a chart's width in pixels. */
export const MAX_PACE_POINTS = 1_500;
export const MAX_PACE_HOURS = 31 * 24;

export const createChainPaceStore = (db: Db): ChainPaceStore => ({
  async sample(chainIds, intervalMs, now = Date.now()) {
    const wanted = new Set(chainIds);
    const checkpoints = (await db.getRepository(ChainCheckpointEntity).find()).filter((c) => wanted.has(c.chainId));
    if (!checkpoints.length) return 0;
    const sampledMs = now - (now % intervalMs);
    const rows: ChainPaceSampleRow[] = checkpoints.map((c) => ({
      chainId: c.chainId,
      sampledMs,
      indexedBlock: c.indexedBlock,
      headBlock: c.headBlock,
      eventsIndexed: c.eventsIndexed ?? 0,
    }));
    await db.createQueryBuilder().insert().into(ChainPaceSampleEntity).values(rows).orIgnore().execute();
    return rows.length;
  },

  async prune(beforeMs) {
    const repo = db.getRepository(ChainPaceSampleEntity);
    const old = { sampledMs: LessThan(beforeMs) };
    // Looked for first: a DELETE that finds nothing is still a write, and on SQLite it would wait for ingestion's.
    if (!(await repo.exists({ where: old }))) return 0;
    return (await repo.delete(old)).affected ?? 0;
  },
});

type RawSample = { sampledMs: string | number; indexedBlock: string | number; headBlock: string | number; eventsIndexed: string | number };

export const createChainPaceService = ({
  db,
  auth,
  chains,
  adminToken,
}: {
  db: Db;
  auth: Pick<AuthService, 'requireAccessKey' | 'requireBearer'>;
  chains: ChainsService;
  adminToken: string | null;
}): ChainPaceService => ({
  async pace(creds, req) {
    // Read like the chains' status: an access key, the operator's token or a project's bearer token.
    await requireReader(auth, creds, adminToken);
    const { chainId } = chains.resolveOrOnly('chainId', req.chainId);
    const window = chartWindowOf('hours', req.hours, { max: MAX_PACE_HOURS, fallback: 24 });
    const inWindow = () =>
      db.getRepository(ChainPaceSampleEntity).createQueryBuilder('s').where('s.chainId = :chainId AND s.sampledMs >= :from', { chainId, from: window.fromMs });
    // A window of more samples than a chart can show: the latest figures of each stretch of `stride` ms (they only
    // grow, bar a rollback of a few blocks). `x - x % n` rounds down on both dialects, which spell integer division apart.
    const stride = (await inWindow().getCount()) > MAX_PACE_POINTS ? Math.ceil((window.toMs - window.fromMs) / MAX_PACE_POINTS) : 0;
    const column = (name: keyof RawSample) => (stride ? `MAX(s.${name})` : `s.${name}`);
    const q = inWindow().select(column('sampledMs'), 'sampledMs').addSelect(column('indexedBlock'), 'indexedBlock').addSelect(column('headBlock'), 'headBlock').addSelect(column('eventsIndexed'), 'eventsIndexed');
    if (stride) q.groupBy(`s.sampledMs - s.sampledMs % ${stride}`);
    // Ordered here: at most MAX_PACE_POINTS rows, and ORDER BY an aggregate's alias is spelt differently per dialect.
    const raw = (await q.getRawMany<RawSample>()).sort((a, b) => Number(a.sampledMs) - Number(b.sampledMs));
    let before: { ms: number; indexed: number; events: number } | null = null;
    return raw.map((r): PaceSample => {
      const ms = Number(r.sampledMs);
      const indexedBlock = Number(r.indexedBlock);
      const headBlock = Number(r.headBlock);
      const eventsIndexed = Number(r.eventsIndexed);
      const seconds = before ? (ms - before.ms) / 1000 : 0;
      const sample: PaceSample = {
        sampledAt: new Date(ms),
        indexedBlock,
        headBlock,
        lag: Math.max(0, headBlock - indexedBlock),
        eventsIndexed,
        blocksPerSecond: before && seconds > 0 ? Math.max(0, indexedBlock - before.indexed) / seconds : null,
        eventsPerSecond: before && seconds > 0 ? Math.max(0, eventsIndexed - before.events) / seconds : null,
      };
      before = { ms, indexed: indexedBlock, events: eventsIndexed };
      return sample;
    });
  },
});
