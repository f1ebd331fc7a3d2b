// Runs one metadata task: resolves the tokens (or contracts) it names, refreshes them through the Metadata services
// (which record each outcome and its backoff), and says how each went.
import pLimit from 'p-limit';
import { TokenMetadataEntity, TransferEntity, toBytes, type Db } from '../../db';
import type { ContractsService } from '../contracts/service';
import type { TokenMetadataService } from '../token-metadata/service';
import type { TokenKey } from '../token-metadata/types';
import { shortError } from './failures';
import { TASK_MAX_ITEMS, type MetadataTask } from './task-types';

/** Tokens refreshed per step; the task's lease is renewed between steps. */
const TOKENS_PER_STEP = 50;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export type TaskOutcome = { ok: boolean; result: string[]; error?: string };

export type TaskRunnerDeps = {
  db: Db;
  tokenMetadata: Pick<TokenMetadataService, 'refreshNow'>;
  contracts: Pick<ContractsService, 'refreshNow'>;
};

const inRanges = (id: string, ranges: Array<[bigint, bigint]>) => {
  const n = BigInt(id);
  return ranges.some(([a, b]) => a <= n && n <= b);
};

/** The token ids a `tokens` task refreshes, at most TASK_MAX_ITEMS, named ones first. */
const tokenIdsOf = async (db: Db, task: MetadataTask): Promise<string[]> => {
  const p = task.payload;
  const chainId = task.chainId;
  const contract = task.contractAddress!;
  const needCached = p.onlyCached || p.allCached || !!p.ranges?.length;
  // Token ids are decimal strings: ranges are compared as numbers here, not by the column's text order.
  const cached = needCached
    ? (await db.getRepository(TokenMetadataEntity).find({ select: { tokenId: true }, where: { chainId, contract }, take: 10 * TASK_MAX_ITEMS })).map((r) => r.tokenId)
    : [];
  const cachedSet = new Set(cached);
  const ids = new Set<string>();
  for (const id of p.tokenIds ?? []) if (!p.onlyCached || cachedSet.has(id)) ids.add(id);
  if (p.ranges?.length) {
    const ranges = p.ranges.map(([a, b]) => [BigInt(a), BigInt(b)] as [bigint, bigint]);
    for (const id of cached) if (inRanges(id, ranges)) ids.add(id);
  }
  if (p.allCached) cached.forEach((id) => ids.add(id));
  if (p.newMints) {
    // Minted tokens (transfers from the zero address) that were never fetched.
    const minted = await db
      .getRepository(TransferEntity)
      .createQueryBuilder('t')
      .select('DISTINCT t.tokenId', 'tokenId')
      // A query builder's parameters skip the column transformers: the binary columns take bytes (db/binary.ts).
      .where('t.chainId = :chainId AND t.contract = :contract AND t.from = :zero', { chainId, contract: toBytes(contract), zero: toBytes(ZERO_ADDRESS) })
      .limit(TASK_MAX_ITEMS)
      .getRawMany<{ tokenId: string }>();
    const known = needCached ? cachedSet : new Set((await db.getRepository(TokenMetadataEntity).find({ select: { tokenId: true }, where: { chainId, contract } })).map((r) => r.tokenId));
    for (const { tokenId } of minted) if (!known.has(tokenId)) ids.add(tokenId);
  }
  return [...ids].slice(0, TASK_MAX_ITEMS);
};

const runTokens = async (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>): Promise<TaskOutcome> => {
  const result: string[] = [];
  const failed: string[] = [];
  if (task.payload.contractInfo) {
    try {
      await deps.contracts.refreshNow({ chainId: task.chainId, address: task.contractAddress! });
      result.push('contract info: refreshed');
    } catch (err) {
      failed.push(`contract info: ${shortError(err)}`);
      result.push(`contract info: FAILED: ${shortError(err)}`);
    }
  }
  const ids = await tokenIdsOf(deps.db, task);
  if (!ids.length && !task.payload.contractInfo) {
    return { ok: true, result: ['no token to refresh: none of the named tokens has a cached document (each is fetched fresh on its first read)'] };
  }
  for (let i = 0; i < ids.length; i += TOKENS_PER_STEP) {
    const keys: TokenKey[] = ids.slice(i, i + TOKENS_PER_STEP).map((tokenId) => ({ chainId: task.chainId, contract: task.contractAddress!, tokenId }));
    const fetched = await deps.tokenMetadata.refreshNow(keys);
    for (const m of fetched) {
      const line = `${m.tokenId}: ${m.status}${m.lastError ? `: ${m.lastError}` : ''}`;
      result.push(line);
      if (m.status === 'FAILED') failed.push(line);
    }
    await renew();
  }
  if (!failed.length) return { ok: true, result };
  return {
    ok: false,
    result,
    error: `${failed.length} of ${ids.length + (task.payload.contractInfo ? 1 : 0)} failed; failed tokens are fetched again on the retry schedule. First: ${failed[0]}`,
  };
};

const runContracts = async (deps: TaskRunnerDeps, task: MetadataTask): Promise<TaskOutcome> => {
  const limit = pLimit(4);
  const lines = await Promise.all(
    (task.payload.contracts ?? []).map((address) =>
      limit(async () => {
        try {
          const info = await deps.contracts.refreshNow({ chainId: task.chainId, address });
          return { ok: true, line: `${address}: ${info.deployed ? 'refreshed' : 'no contract deployed'}` };
        } catch (err) {
          return { ok: false, line: `${address}: FAILED: ${shortError(err)}` };
        }
      }),
    ),
  );
  const failed = lines.filter((l) => !l.ok);
  return {
    ok: failed.length === 0,
    result: lines.map((l) => l.line),
    ...(failed.length ? { error: `${failed.length} of ${lines.length} contracts failed. First: ${failed[0].line}` } : {}),
  };
};

export const runTask = (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>): Promise<TaskOutcome> =>
  task.queue === 'contracts' ? runContracts(deps, task) : runTokens(deps, task, renew);
