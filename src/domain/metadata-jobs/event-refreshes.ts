// What ingestion records when a contract says token metadata changed (ERC-4906, ERC-1155 URI): refresh tasks, written
// in the batch's transaction. The fetching is the task worker's; ingestion never waits on the web.
import type { EntityManager } from 'typeorm';
import type { MetadataUpdate } from '../../chain';
import { TokenMetadataEntity } from '../../db';
import { queueTasks, type NewTask } from './task-store';
import { TASK_MAX_ITEMS } from './task-types';

/**
 * One task per contract of the batch whose tokens Strata has cached documents for (one indexed probe each): a
 * contract none of whose tokens was ever read has nothing stale, and a first backfill into an empty cache queues
 * nothing. The task names exactly the event's tokens; the worker refreshes those of them that are cached.
 */
export const queueEventRefreshes = async (m: EntityManager, chainId: number, updates: readonly MetadataUpdate[]): Promise<number[]> => {
  if (!updates.length) return [];
  const byContract = new Map<string, MetadataUpdate[]>();
  for (const u of updates) byContract.set(u.contract, [...(byContract.get(u.contract) ?? []), u]);
  const tasks: NewTask[] = [];
  for (const [contract, list] of byContract) {
    const cached = await m.getRepository(TokenMetadataEntity).findOne({ select: { chainId: true }, where: { chainId, contract } });
    if (!cached) continue;
    for (let i = 0; i < list.length; i += TASK_MAX_ITEMS) {
      const part = list.slice(i, i + TASK_MAX_ITEMS);
      const ranges = new Map(part.map((u) => [`${u.fromId}-${u.toId}`, [u.fromId.toString(), u.toId.toString()] as [string, string]]));
      tasks.push({
        queue: 'tokens',
        origin: 'event',
        chainId,
        contract,
        payload: {
          ranges: [...ranges.values()],
          onlyCached: true,
          // The first events, for the reader: which log named the tokens.
          events: part.slice(0, 20).map((u) => `${u.event} block ${u.blockNumber} log ${u.logIndex} tx ${u.txHash}`),
        },
      });
    }
  }
  return queueTasks(m, tasks);
};
