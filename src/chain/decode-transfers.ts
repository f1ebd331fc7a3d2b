// Decodes ERC-20/721 Transfer, ERC-1155 TransferSingle/TransferBatch and ERC-6909 Transfer logs; anything malformed is
// skipped with a reason.
import { TOPICS } from './abis';
import { readUintArray, readWord, topicToAddress, topicToUint } from './abi-decode';
import { checkLogShape } from './log-shape';
import type { TokenStandard } from './contract-type';
import type { Hex, Log } from './types';

/**
 * tokenIds and amounts are parallel arrays of equal length: ERC-20 → [0n] / [value],
 * ERC-721 → [tokenId] / [1n], ERC-1155 → ids / values, ERC-6909 → [id] / [amount].
 */
export type DecodedTransfer = {
  kind: TokenStandard;
  contract: Hex;
  from: Hex;
  to: Hex;
  tokenIds: bigint[];
  amounts: bigint[];
  /** ERC-1155's operator; ERC-6909's caller (who sent the transaction's call: the sender, an operator or a spender). */
  operator?: Hex;
};

export type SkippedLog = { skipped: string };

export type TransferLogInput = Pick<Log, 'address' | 'topics' | 'data' | 'logIndex'>;

const skip = (reason: string): SkippedLog => ({ skipped: reason });

export const isSkipped = (r: DecodedTransfer | SkippedLog): r is SkippedLog => 'skipped' in r;

/** Topic0 values this decoder understands; use as the topic filter of eth_getLogs. */
export const TRANSFER_TOPICS: Hex[] = [TOPICS.TRANSFER, TOPICS.TRANSFER_SINGLE, TOPICS.TRANSFER_BATCH, TOPICS.ERC6909_TRANSFER];

/**
 * ERC-20 vs ERC-721 is decided by the log's shape (3 topics + 32-byte data vs 4 topics + no data), as the
 * standards prescribe; a pre-standard NFT that does not index tokenId therefore decodes as ERC20 and the
 * caller should reconcile with the contract's type. Never throws.
 */
export const decodeTransferLog = (log: TransferLogInput): DecodedTransfer | SkippedLog => {
  try {
    return decode(log);
  } catch (err) {
    return skip(`undecodable: ${(err as Error)?.message ?? String(err)}`);
  }
};

const decode = (log: TransferLogInput): DecodedTransfer | SkippedLog => {
  const topics = Array.isArray(log.topics) ? log.topics : [];
  const topic0 = typeof topics[0] === 'string' ? topics[0].toLowerCase() : undefined;
  if (!topic0 || !TRANSFER_TOPICS.includes(topic0 as Hex)) return skip('not a transfer event');
  const shape = checkLogShape(log);
  if ('skipped' in shape) return shape;
  const { contract, data } = shape;

  if (topic0 === TOPICS.TRANSFER) {
    if (topics.length !== 3 && topics.length !== 4) return skip(`Transfer with ${topics.length} topics (expected 3 or 4)`);
    const from = topicToAddress(topics[1]);
    const to = topicToAddress(topics[2]);
    if (!from || !to) return skip('Transfer address topic has non-zero high bytes');
    if (topics.length === 3) {
      if (data.length !== 32) return skip(`ERC-20 Transfer data is ${data.length} bytes (expected 32)`);
      return { kind: 'ERC20', contract, from, to, tokenIds: [0n], amounts: [readWord(data, 0)!] };
    }
    if (data.length !== 0) return skip(`ERC-721 Transfer carries ${data.length} bytes of data (expected none)`);
    return { kind: 'ERC721', contract, from, to, tokenIds: [topicToUint(topics[3])!], amounts: [1n] };
  }

  if (topic0 === TOPICS.ERC6909_TRANSFER) return decodeErc6909(contract, topics, data);

  const name = topic0 === TOPICS.TRANSFER_SINGLE ? 'TransferSingle' : 'TransferBatch';
  if (topics.length !== 4) return skip(`${name} with ${topics.length} topics (expected 4)`);
  const operator = topicToAddress(topics[1]);
  const from = topicToAddress(topics[2]);
  const to = topicToAddress(topics[3]);
  if (!operator || !from || !to) return skip(`${name} address topic has non-zero high bytes`);

  if (topic0 === TOPICS.TRANSFER_SINGLE) {
    if (data.length !== 64) return skip(`TransferSingle data is ${data.length} bytes (expected 64)`);
    return { kind: 'ERC1155', contract, from, to, operator, tokenIds: [readWord(data, 0)!], amounts: [readWord(data, 32)!] };
  }

  const ids = readUintArray(data, 0);
  const values = readUintArray(data, 32);
  if (!ids || !values) return skip('TransferBatch data has out-of-range offsets or lengths');
  if (ids.length !== values.length) return skip(`TransferBatch has ${ids.length} ids but ${values.length} values`);
  return { kind: 'ERC1155', contract, from, to, operator, tokenIds: ids, amounts: values };
};

/** Transfer(address caller, address indexed sender, address indexed receiver, uint256 indexed id, uint256 amount). */
const decodeErc6909 = (contract: Hex, topics: string[], data: Buffer): DecodedTransfer | SkippedLog => {
  if (topics.length !== 4) return skip(`ERC-6909 Transfer with ${topics.length} topics (expected 4)`);
  if (data.length !== 64) return skip(`ERC-6909 Transfer data is ${data.length} bytes (expected 64)`);
  const from = topicToAddress(topics[1]);
  const to = topicToAddress(topics[2]);
  // The unindexed caller is a data word: an address only when its 12 high bytes are zero, as a topic's.
  const caller = topicToAddress(`0x${data.subarray(0, 32).toString('hex')}`);
  if (!from || !to || !caller) return skip('ERC-6909 Transfer address has non-zero high bytes');
  return { kind: 'ERC6909', contract, from, to, operator: caller, tokenIds: [topicToUint(topics[3])!], amounts: [readWord(data, 32)!] };
};
