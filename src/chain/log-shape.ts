// The checks every token-event decoder makes before reading a log's fields: a legal log index, a 20-byte address,
// hex data, 32-byte topics.
import { hexToBytes } from './abi-decode';
import type { Hex, Log } from './types';

const MAX_LOG_INDEX = 0xffff_ffff;

export type LogShape = { contract: Hex; data: Buffer; topics: string[] };

/** The log's contract (lower-case), data bytes and topics, or why it cannot be a token event. */
export const checkLogShape = (log: Pick<Log, 'address' | 'topics' | 'data' | 'logIndex'>): LogShape | { skipped: string } => {
  const topics = Array.isArray(log.topics) ? log.topics : [];
  if (!Number.isSafeInteger(log.logIndex) || log.logIndex < 0 || log.logIndex > MAX_LOG_INDEX) {
    return { skipped: `log index ${log.logIndex} is not a 32-bit unsigned integer` };
  }
  const contract = typeof log.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(log.address) ? log.address.toLowerCase() : null;
  if (!contract) return { skipped: 'log address is not a 20-byte address' };
  const data = typeof log.data === 'string' ? hexToBytes(log.data) : null;
  if (!data) return { skipped: 'log data is not even-length hex' };
  for (let i = 1; i < topics.length; i++) {
    if (typeof topics[i] !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(topics[i])) return { skipped: `topic ${i} is not 32 bytes` };
  }
  return { contract, data, topics };
};
