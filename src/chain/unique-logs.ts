// Each log once. A log is named by its block hash and index; providers that stitch answers from two backends (or
// retry a page internally) have been seen to return the same log twice in one eth_getLogs answer, and a caller that
// sums transfers would count it twice. The same log twice is dropped; two different logs at one position (or two
// blocks at one height) mean the answer mixes two views of the chain, and nothing in it can be trusted: the request
// fails as a bad response, which callers retry (ingestion waits and reads the range again).
import { RetryableChainError } from './errors';
import type { Log } from './types';

const sameLog = (a: Log, b: Log): boolean =>
  a.address === b.address &&
  a.data === b.data &&
  a.transactionHash === b.transactionHash &&
  a.transactionIndex === b.transactionIndex &&
  a.removed === b.removed &&
  a.topics.length === b.topics.length &&
  a.topics.every((t, i) => t === b.topics[i]);

/** Why `a` and `b` (at one block number and log index) cannot both be true, or null when they are the same log. */
const contradiction = (a: Log, b: Log): string | null => {
  if (a.blockHash !== b.blockHash) return `block ${a.blockNumber} answered with two hashes (${a.blockHash}, ${b.blockHash})`;
  return sameLog(a, b) ? null : `two different logs at block ${a.blockNumber} index ${a.logIndex}`;
};

const inChainOrder = (logs: readonly Log[]): boolean => {
  for (let i = 1; i < logs.length; i++) {
    const a = logs[i - 1];
    const b = logs[i];
    if (a.blockNumber > b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex > b.logIndex)) return false;
  }
  return true;
};

/**
 * `logs` without repeats (the array itself when it has none), in the order given. Throws a RetryableChainError
 * ('bad-response') when two entries at one position disagree.
 */
export const uniqueLogs = (method: string, logs: Log[]): Log[] => {
  const fail = (why: string) => {
    throw new RetryableChainError(method, 'bad-response', `the answer contradicts itself: ${why}`);
  };
  // Nodes answer in chain order, where repeats are neighbours: one comparison per log, no map of a large answer's keys.
  if (inChainOrder(logs)) {
    let out: Log[] | null = null;
    for (let i = 1; i < logs.length; i++) {
      const a = logs[i - 1];
      const b = logs[i];
      if (a.blockNumber !== b.blockNumber || a.logIndex !== b.logIndex) {
        out?.push(b);
        continue;
      }
      const why = contradiction(a, b);
      if (why) fail(why);
      out ??= logs.slice(0, i);
    }
    return out ?? logs;
  }
  const byPosition = new Map<string, Log>();
  const out: Log[] = [];
  for (const log of logs) {
    const key = `${log.blockNumber}:${log.logIndex}`;
    const known = byPosition.get(key);
    if (!known) {
      byPosition.set(key, log);
      out.push(log);
      continue;
    }
    const why = contradiction(known, log);
    if (why) fail(why);
  }
  return out.length === logs.length ? logs : out;
};
