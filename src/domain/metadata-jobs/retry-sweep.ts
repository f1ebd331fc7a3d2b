// The retry schedule: token documents whose fetch failed, timed out or gave a placeholder are fetched again when
// their backoff (`retry_at`) is due, by `retry` tasks, until RETRY_MAX_ATTEMPTS failures in a row.
import { In, LessThanOrEqual, LessThan } from 'typeorm';
import { TokenMetadataEntity, type Db } from '../../db';
import { RETRY_MAX_ATTEMPTS } from '../metadata-fetch/backoff';
import { queueTasks, TASK_LEASE_MS, type NewTask } from './task-store';

/** Tokens taken per sweep (oldest due first); the rest wait for the next one. */
const SWEEP_MAX = 1_000;

/**
 * Queues one retry task per contract for the due tokens and moves their `retry_at` past the task's lease, in one
 * transaction: the next sweep does not queue them again, and the task's own fetch sets the next time.
 */
export const sweepDueRetries = async (db: Db, now = new Date()): Promise<number[]> => {
  // Successful fetches have no retry_at: only failures and placeholders match (index on status, retry_at). Read
  // outside a transaction: most sweeps find nothing and must not queue behind ingestion's writes on SQLite.
  const due = await db.getRepository(TokenMetadataEntity).find({
    select: { chainId: true, contract: true, tokenId: true },
    where: { status: In(['FAILED', 'AVAILABLE']), retryAt: LessThanOrEqual(now), attempts: LessThan(RETRY_MAX_ATTEMPTS) },
    order: { retryAt: 'ASC' },
    take: SWEEP_MAX,
  });
  if (!due.length) return [];
  return db.transaction(async (m) => {
    const repo = m.getRepository(TokenMetadataEntity);
    const groups = new Map<string, { chainId: number; contract: string; ids: string[] }>();
    for (const r of due) {
      const key = `${r.chainId}:${r.contract}`;
      const g = groups.get(key) ?? { chainId: r.chainId, contract: r.contract, ids: [] };
      g.ids.push(r.tokenId);
      groups.set(key, g);
    }
    const later = new Date(now.getTime() + TASK_LEASE_MS);
    const tasks: NewTask[] = [];
    for (const g of groups.values()) {
      await repo.update({ chainId: g.chainId, contract: g.contract, tokenId: In(g.ids) }, { retryAt: later });
      tasks.push({ queue: 'tokens', origin: 'retry', chainId: g.chainId, contract: g.contract, payload: { tokenIds: g.ids } });
    }
    return queueTasks(m, tasks);
  });
};
