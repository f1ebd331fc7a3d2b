// Decodes ERC-20/721 Approval and ERC-721/1155 ApprovalForAll logs; anything malformed is skipped with a reason.
import { TOPICS } from './abis';
import { readWord, topicToAddress, topicToUint } from './abi-decode';
import { checkLogShape } from './log-shape';
import type { Hex, Log } from './types';

/**
 * `ERC20`: owner lets spender move `value` (an allowance); `ERC721`: owner lets `spender` move token `value` (the zero
 * address clears it); `ALL`: owner makes `spender` an operator of all its tokens (`value` 1) or no longer (0). Which
 * of ERC-721 and ERC-1155 an `ALL` approval belongs to is the contract's type, not the log's.
 */
export type ApprovalKind = 'ERC20' | 'ERC721' | 'ALL';

export type DecodedApproval = { kind: ApprovalKind; contract: Hex; owner: Hex; spender: Hex; value: bigint };

/** Topic0 values this decoder understands. */
export const APPROVAL_TOPICS: Hex[] = [TOPICS.APPROVAL, TOPICS.APPROVAL_FOR_ALL];

export const isApprovalLog = (log: Pick<Log, 'topics'>): boolean =>
  Array.isArray(log.topics) && typeof log.topics[0] === 'string' && APPROVAL_TOPICS.includes(log.topics[0].toLowerCase());

/**
 * ERC-20 vs ERC-721 Approval is decided by the log's shape (3 topics + 32-byte data vs 4 topics + no data), as for
 * Transfer (decode-transfers.ts). ApprovalForAll's bool must be 0 or 1. Never throws.
 */
export const decodeApprovalLog = (log: Pick<Log, 'address' | 'topics' | 'data' | 'logIndex'>): DecodedApproval | { skipped: string } => {
  try {
    return decode(log);
  } catch (err) {
    return { skipped: `undecodable approval: ${(err as Error)?.message ?? String(err)}` };
  }
};

const decode = (log: Pick<Log, 'address' | 'topics' | 'data' | 'logIndex'>): DecodedApproval | { skipped: string } => {
  const skip = (reason: string) => ({ skipped: reason });
  const topics = Array.isArray(log.topics) ? log.topics : [];
  const topic0 = typeof topics[0] === 'string' ? topics[0].toLowerCase() : undefined;
  if (topic0 !== TOPICS.APPROVAL && topic0 !== TOPICS.APPROVAL_FOR_ALL) return skip('not an approval event');
  const shape = checkLogShape(log);
  if ('skipped' in shape) return shape;
  const { contract, data } = shape;
  const name = topic0 === TOPICS.APPROVAL ? 'Approval' : 'ApprovalForAll';
  if (topics.length !== 3 && !(topic0 === TOPICS.APPROVAL && topics.length === 4)) return skip(`${name} with ${topics.length} topics`);
  const owner = topicToAddress(topics[1]);
  const spender = topicToAddress(topics[2]);
  if (!owner || !spender) return skip(`${name} address topic has non-zero high bytes`);

  if (topic0 === TOPICS.APPROVAL_FOR_ALL) {
    if (data.length !== 32) return skip(`ApprovalForAll data is ${data.length} bytes (expected 32)`);
    const approved = readWord(data, 0)!;
    if (approved > 1n) return skip('ApprovalForAll flag is neither 0 nor 1');
    return { kind: 'ALL', contract, owner, spender, value: approved };
  }
  if (topics.length === 3) {
    if (data.length !== 32) return skip(`ERC-20 Approval data is ${data.length} bytes (expected 32)`);
    return { kind: 'ERC20', contract, owner, spender, value: readWord(data, 0)! };
  }
  if (data.length !== 0) return skip(`ERC-721 Approval carries ${data.length} bytes of data (expected none)`);
  return { kind: 'ERC721', contract, owner, spender, value: topicToUint(topics[3])! };
};

/** A decoded approval with its place in the chain: what ingestion writes. */
export type ApprovalLog = DecodedApproval & {
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  /** Unix seconds of the block; -1 until the caller fills it in from the header. */
  timestamp: number;
};

/** The approval logs of `logs`, decoded in order; removed and malformed ones are counted in `skipped` by reason. */
export const decodeApprovalLogs = (logs: readonly Log[], skipped: Map<string, number>): ApprovalLog[] => {
  const out: ApprovalLog[] = [];
  for (const log of logs) {
    if (log.removed) continue;
    const d = decodeApprovalLog(log);
    if ('skipped' in d) {
      skipped.set(d.skipped, (skipped.get(d.skipped) ?? 0) + 1);
      continue;
    }
    out.push({ ...d, logIndex: log.logIndex, blockNumber: log.blockNumber, blockHash: log.blockHash, txHash: log.transactionHash, timestamp: log.blockTimestamp ?? -1 });
  }
  return out;
};
