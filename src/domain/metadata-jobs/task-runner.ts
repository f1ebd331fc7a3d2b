// Runs one metadata task: resolves the tokens (or contracts) it names, refreshes them through the Metadata services
// (which record each outcome and its backoff), and says how each went.
import pLimit from 'p-limit';
import { In, MoreThan } from 'typeorm';
import { TokenMetadataEntity, TransferEntity, toBytes, type Db } from '../../db';
import type { ContractsService } from '../contracts/service';
import type { TokenMetadataService } from '../token-metadata/service';
import type { TokenKey } from '../token-metadata/types';
import { shortError } from '../metadata-fetch/failures';
import { RESULT_LINES_MAX } from './task-store';
import { TASK_MAX_ITEMS, type MetadataTask, type TaskPayload, type TaskProgress } from './task-types';

/** Tokens refreshed per step; the task's lease is renewed between steps. */
const TOKENS_PER_STEP = 50;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * How a run went. `next`: the task is not finished (a paged task with chunks left): it is queued again with this
 * payload, its result so far recorded; otherwise it ends DONE (`ok`) or FAILED (`error`).
 */
export type TaskOutcome = { ok: boolean; result: string[]; error?: string; next?: TaskPayload };

export type TaskRunnerDeps = {
  db: Db;
  tokenMetadata: Pick<TokenMetadataService, 'refreshNow'>;
  contracts: Pick<ContractsService, 'refreshNow'>;
};

const inRanges = (id: string, ranges: Array<[bigint, bigint]>) => {
  const n = BigInt(id);
  return ranges.some(([a, b]) => a <= n && n <= b);
};

/** The token ids of a `tokens` task that names them (ids, or ranges of its cached ones), at most TASK_MAX_ITEMS, named ones first. */
const namedTokenIdsOf = async (db: Db, task: MetadataTask): Promise<string[]> => {
  const p = task.payload;
  const chainId = task.chainId;
  const contract = task.contractAddress!;
  const needCached = p.onlyCached || !!p.ranges?.length;
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
  return [...ids].slice(0, TASK_MAX_ITEMS);
};

/** Refreshes the tokens in steps of TOKENS_PER_STEP, renewing the lease between steps; one outcome per token, in order. */
const refreshTokens = async (deps: TaskRunnerDeps, task: MetadataTask, ids: string[], renew: () => Promise<void>) => {
  const out: Array<{ tokenId: string; status: string; line: string }> = [];
  for (let i = 0; i < ids.length; i += TOKENS_PER_STEP) {
    const keys: TokenKey[] = ids.slice(i, i + TOKENS_PER_STEP).map((tokenId) => ({ chainId: task.chainId, contract: task.contractAddress!, tokenId }));
    for (const m of await deps.tokenMetadata.refreshNow(keys)) out.push({ tokenId: m.tokenId, status: m.status, line: `${m.tokenId}: ${m.status}${m.lastError ? `: ${m.lastError}` : ''}` });
    await renew();
  }
  return out;
};

const refreshContractInfo = async (deps: TaskRunnerDeps, task: MetadataTask): Promise<{ ok: boolean; line: string }> => {
  try {
    await deps.contracts.refreshNow({ chainId: task.chainId, address: task.contractAddress! });
    return { ok: true, line: 'contract info: refreshed' };
  } catch (err) {
    return { ok: false, line: `contract info: FAILED: ${shortError(err)}` };
  }
};

const runNamedTokens = async (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>): Promise<TaskOutcome> => {
  const result: string[] = [];
  const failed: string[] = [];
  if (task.payload.contractInfo) {
    const info = await refreshContractInfo(deps, task);
    result.push(info.line);
    if (!info.ok) failed.push(info.line);
  }
  const ids = await namedTokenIdsOf(deps.db, task);
  if (!ids.length && !task.payload.contractInfo) {
    return { ok: true, result: ['no token to refresh: none of the named tokens has a cached document (each is fetched fresh on its first read)'] };
  }
  for (const t of await refreshTokens(deps, task, ids, renew)) {
    result.push(t.line);
    if (t.status === 'FAILED') failed.push(t.line);
  }
  if (!failed.length) return { ok: true, result };
  return {
    ok: false,
    result,
    error: `${failed.length} of ${ids.length + (task.payload.contractInfo ? 1 : 0)} failed; failed tokens are fetched again on the retry schedule. First: ${failed[0]}`,
  };
};

// Paging through a contract's tokens. Token ids are compared as the column's text (a stable order on both dialects,
// and a range of the token_metadata primary key); ids are canonical decimals, so JavaScript's string order agrees.

/** Item lines (tokens, contract info) a paged task's result keeps: one more line is its summary, one the count left out. */
const ITEM_LINES_MAX = RESULT_LINES_MAX - 2;
/** Token ids looked up per query when telling minted ids that were never fetched from cached ones. */
const IN_LIST_MAX = 1_000;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The next ids of one source after `after`: `ids` (already filtered) holds all of the source's ids up to `upTo` (null: to the end). */
type SourcePage = { ids: string[]; upTo: string | null };

const cachedPage = async (db: Db, task: MetadataTask, after: string, take: number): Promise<SourcePage> => {
  const rows = await db.getRepository(TokenMetadataEntity).find({
    select: { tokenId: true },
    where: { chainId: task.chainId, contract: task.contractAddress!, tokenId: MoreThan(after) },
    order: { tokenId: 'ASC' },
    take,
  });
  const ids = rows.map((r) => r.tokenId);
  return { ids, upTo: ids.length === take ? ids[ids.length - 1] : null };
};

/** Minted ids (transfers from the zero address) after `after`; without `allCached`, only those never fetched and not named. */
const mintedPage = async (db: Db, task: MetadataTask, after: string, take: number): Promise<SourcePage> => {
  const p = task.payload;
  const raw = (
    await db
      .getRepository(TransferEntity)
      .createQueryBuilder('t')
      .select('t.tokenId', 'tokenId')
      // A query builder's parameters skip the column transformers: the binary columns take bytes (db/binary.ts).
      .where('t.chainId = :chainId AND t.contract = :contract AND t.from = :zero AND t.tokenId > :after', {
        chainId: task.chainId,
        contract: toBytes(task.contractAddress!),
        zero: toBytes(ZERO_ADDRESS),
        after,
      })
      .groupBy('t.tokenId')
      .orderBy('t.tokenId', 'ASC')
      .limit(take)
      .getRawMany<{ tokenId: string }>()
  ).map((r) => String(r.tokenId));
  const upTo = raw.length === take ? raw[raw.length - 1] : null;
  // With allCached every cached token is refreshed anyway (the union drops the repeats).
  if (p.allCached) return { ids: raw, upTo };
  const skip = new Set(p.tokenIds ?? []);
  for (let i = 0; i < raw.length; i += IN_LIST_MAX) {
    const known = await db.getRepository(TokenMetadataEntity).find({
      select: { tokenId: true },
      where: { chainId: task.chainId, contract: task.contractAddress!, tokenId: In(raw.slice(i, i + IN_LIST_MAX)) },
    });
    for (const r of known) skip.add(r.tokenId);
  }
  return { ids: raw.filter((id) => !skip.has(id)), upTo };
};

/**
 * The next chunk of a paged task: at most `size` ids after `after`, in order, from every source it names (each read
 * with one more row than the chunk, so the last chunk is known to be the last). `after` is where the next one starts.
 */
const nextChunk = async (db: Db, task: MetadataTask, after: string, size: number): Promise<{ ids: string[]; after: string; last: boolean }> => {
  const taken: string[] = [];
  for (;;) {
    const pages = await Promise.all([
      task.payload.allCached ? cachedPage(db, task, after, size + 1) : null,
      task.payload.newMints ? mintedPage(db, task, after, size + 1) : null,
    ]);
    // Every source is complete up to the smallest of their bounds: the chunk is taken from below it.
    const bounds = pages.flatMap((pg) => (pg?.upTo != null ? [pg.upTo] : []));
    const upTo = bounds.length ? bounds.sort(byText)[0] : null;
    const ids = [...new Set(pages.flatMap((pg) => pg?.ids ?? []))].filter((id) => upTo === null || id <= upTo).sort(byText);
    const room = size - taken.length;
    if (ids.length > room) {
      taken.push(...ids.slice(0, room));
      // (room 0: the chunk was full and the bound reached; there is more after it.)
      return { ids: taken, after: room ? taken[taken.length - 1] : after, last: false };
    }
    taken.push(...ids);
    if (upTo === null) return { ids: taken, after: ids.length ? ids[ids.length - 1] : after, last: true };
    // Everything up to the bound is taken (filtering may have left few): read on to fill the chunk, or to learn it is the last.
    after = upTo;
  }
};

const statusCounts = (statuses: Record<string, number>) => {
  const parts = Object.entries(statuses)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => byText(a, b))
    .map(([s, n]) => `${n} ${s}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A task that refreshes a contract's tokens without naming them (`allCached`, `newMints`): each run refreshes one
 * chunk of at most `chunkTokens` ids in token id order (the first run also the contract info and the named ids), then
 * the task is queued again with its cursor and counters (TaskProgress) until the last chunk; only that run ends it.
 * Its result, while it goes on and at the end, opens with how many tokens it refreshed, then one line per item.
 */
const runPagedTokens = async (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>, chunkTokens: number): Promise<TaskOutcome> => {
  const p = task.payload;
  const before = p.progress;
  const progress: TaskProgress = before ? { ...before, statuses: { ...before.statuses } } : { after: '', chunks: 0, tokens: 0, statuses: {}, failed: 0, omitted: 0 };
  // The earlier chunks' item lines: the result was [summary, ...items, "… and N more" when some were left out].
  const items = before ? task.result.slice(1, before.omitted ? -1 : undefined) : [];
  const record = (line: string, failed: boolean) => {
    if (items.length < ITEM_LINES_MAX) items.push(line);
    else progress.omitted += 1;
    if (failed) {
      progress.failed += 1;
      progress.firstFailure ??= line;
    }
  };
  const refresh = async (ids: string[]) => {
    for (const t of await refreshTokens(deps, task, ids, renew)) {
      progress.tokens += 1;
      progress.statuses[t.status] = (progress.statuses[t.status] ?? 0) + 1;
      record(t.line, t.status === 'FAILED');
    }
  };

  if (!before) {
    if (p.contractInfo) {
      const info = await refreshContractInfo(deps, task);
      record(info.line, !info.ok);
    }
    if (p.tokenIds?.length) await refresh(p.tokenIds);
  }
  const chunk = await nextChunk(deps.db, task, progress.after, chunkTokens);
  await refresh(chunk.ids);
  progress.after = chunk.after;
  progress.chunks += 1;

  const counted = `${progress.tokens}${statusCounts(progress.statuses)} in ${plural(progress.chunks, 'chunk')} of at most ${chunkTokens}`;
  const tail = progress.omitted ? [`… and ${progress.omitted} more`] : [];
  if (!chunk.last) {
    return {
      ok: progress.failed === 0,
      result: [`tokens refreshed so far: ${counted}; the task goes on with the token ids after ${progress.after}`, ...items, ...tail],
      next: { ...p, progress },
    };
  }
  const result = [`tokens refreshed: ${counted}`, ...items, ...tail];
  if (!progress.failed) return { ok: true, result };
  return {
    ok: false,
    result,
    error: `${progress.failed} of ${progress.tokens + (p.contractInfo ? 1 : 0)} failed; failed tokens are fetched again on the retry schedule. First: ${progress.firstFailure}`,
  };
};

const runTokens = (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>, chunkTokens: number): Promise<TaskOutcome> =>
  task.payload.allCached || task.payload.newMints ? runPagedTokens(deps, task, renew, chunkTokens) : runNamedTokens(deps, task, renew);

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

export type RunOptions = {
  /** Tokens per chunk of a task that pages through a contract's tokens; TASK_MAX_ITEMS unless given (tests: a few). */
  chunkTokens?: number;
};

export const runTask = (deps: TaskRunnerDeps, task: MetadataTask, renew: () => Promise<void>, opts: RunOptions = {}): Promise<TaskOutcome> =>
  task.queue === 'contracts' ? runContracts(deps, task) : runTokens(deps, task, renew, Math.max(1, Math.floor(opts.chunkTokens ?? TASK_MAX_ITEMS)));
