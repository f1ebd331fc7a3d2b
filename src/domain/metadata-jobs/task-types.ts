// Metadata refresh tasks as the rest of Strata sees them, and the JSON payload a task row carries.
import type { MetadataTaskOrigin, MetadataTaskQueue, MetadataTaskRow, MetadataTaskStatus } from '../../db';

/**
 * At most this many tokens (or contracts) in one task, or in one chunk of a task that pages through a contract's
 * tokens (`allCached`, `newMints`); other bigger refreshes are split into several tasks.
 */
export const TASK_MAX_ITEMS = 10_000;

/**
 * Where a task that pages through a contract's tokens stands between its runs, kept in its payload: each run
 * refreshes the next chunk of token ids after `after` (in the token id column's order, which is stable) and queues
 * the task again until none is left. The counters cover every chunk so far; the result reads them.
 */
export type TaskProgress = {
  /** Every token id up to this one (column order) is done; '' before the first chunk. */
  after: string;
  /** Runs that completed a chunk. */
  chunks: number;
  /** Tokens refreshed so far, and how many of them each status. */
  tokens: number;
  statuses: Record<string, number>;
  /** Failed items (tokens, contract info) so far, and the first one's line. */
  failed: number;
  firstFailure?: string;
  /** Item lines refreshed but left out of the result (it keeps the first ones). */
  omitted: number;
};

/**
 * What a task refreshes. `tokens` queue: the listed ids, the ranges (both ends included), every cached token of the
 * contract (`allCached`), the minted tokens never fetched (`newMints`), and the contract info too (`contractInfo`).
 * `allCached` and `newMints` have no cap: the task pages through the contract's tokens (TaskProgress).
 * `onlyCached`: of the named tokens, only those with a cached document (an event names tokens that may never have
 * been asked for; those are fetched fresh on their first read anyway). `contracts` queue: the listed addresses.
 */
export type TaskPayload = {
  tokenIds?: string[];
  ranges?: Array<[string, string]>;
  onlyCached?: boolean;
  allCached?: boolean;
  newMints?: boolean;
  contractInfo?: boolean;
  contracts?: string[];
  /** Events that named the tokens (e.g. "MetadataUpdate 0xabc…:12"), for the task's reader. */
  events?: string[];
  /** Set by the runner of an `allCached` / `newMints` task once its first chunk is done. */
  progress?: TaskProgress;
};

export type MetadataTask = {
  id: number;
  queue: MetadataTaskQueue;
  status: MetadataTaskStatus;
  origin: MetadataTaskOrigin;
  chainId: number;
  contractAddress: string | null;
  payload: TaskPayload;
  /** One line per item, in a readable form, e.g. "12: AVAILABLE" or "0xabc…: FAILED: …". */
  result: string[];
  error: string | null;
  tries: number;
  runAt: Date;
  lastRanAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const parsePayload = (text: string): TaskPayload => {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as TaskPayload) : {};
  } catch {
    return {};
  }
};

const parseResult = (text: string | null): string[] => {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export const taskFromRow = (row: MetadataTaskRow): MetadataTask => ({
  id: row.id,
  queue: row.queue,
  status: row.status,
  origin: row.origin,
  chainId: row.chainId,
  contractAddress: row.contract,
  payload: parsePayload(row.payload),
  result: parseResult(row.result),
  error: row.error,
  tries: row.tries,
  runAt: row.runAt,
  lastRanAt: row.lastRanAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The payload as lines of text (the published clients' `Task.payload: string[]`). */
export const payloadLines = (t: Pick<MetadataTask, 'chainId' | 'contractAddress' | 'payload'>): string[] => {
  const p = t.payload;
  const lines = [`chainId: ${t.chainId}`];
  if (t.contractAddress) lines.push(`contract: ${t.contractAddress}`);
  if (p.tokenIds?.length) lines.push(`tokenIds: ${p.tokenIds.join(',')}`);
  if (p.ranges?.length) lines.push(`tokenRanges: ${p.ranges.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(',')}`);
  if (p.onlyCached) lines.push('onlyCached: true');
  if (p.allCached) lines.push('allCachedTokens: true');
  if (p.newMints) lines.push('newMints: true');
  if (p.contractInfo) lines.push('contractInfo: true');
  if (p.contracts?.length) lines.push(`contracts: ${p.contracts.join(',')}`);
  for (const e of p.events ?? []) lines.push(`event: ${e}`);
  return lines;
};
