// Decodes the events that say a token's metadata changed: ERC-4906 MetadataUpdate / BatchMetadataUpdate and
// ERC-1155 URI. Only the token ids are kept; what changed is read again from the contract by the metadata jobs.
import { TOPICS } from './abis';
import { hexToBytes, readWord, topicToUint } from './abi-decode';
import { eventTopic } from './event-topic';
import type { Hex, Log } from './types';

export const METADATA_TOPICS = {
  /** ERC-4906 MetadataUpdate(uint256 _tokenId): the id is in the data (not indexed). */
  METADATA_UPDATE: eventTopic('MetadataUpdate(uint256)'),
  /** ERC-4906 BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId), both ends included, both in the data. */
  BATCH_METADATA_UPDATE: eventTopic('BatchMetadataUpdate(uint256,uint256)'),
  /** ERC-1155 URI(string value, uint256 indexed id). */
  URI: TOPICS.URI as Hex,
} as const;

/** Topic0 values of metadata-change events; ingestion adds them to its eth_getLogs topic filter. */
export const METADATA_UPDATE_TOPICS: Hex[] = [METADATA_TOPICS.METADATA_UPDATE, METADATA_TOPICS.BATCH_METADATA_UPDATE, METADATA_TOPICS.URI];

/** Tokens `fromId`..`toId` (inclusive; equal for a single token) of `contract` have new metadata. */
export type MetadataUpdate = {
  contract: Hex;
  fromId: bigint;
  toId: bigint;
  event: 'MetadataUpdate' | 'BatchMetadataUpdate' | 'URI';
  blockNumber: number;
  blockHash: Hex;
  logIndex: number;
  txHash: Hex;
};

export const isMetadataUpdateLog = (log: Pick<Log, 'topics'>): boolean =>
  Array.isArray(log.topics) && typeof log.topics[0] === 'string' && METADATA_UPDATE_TOPICS.includes(log.topics[0].toLowerCase() as Hex);

/** The update a log announces, or null when it is not one or is malformed (never throws). */
export const decodeMetadataUpdateLog = (log: Log): MetadataUpdate | null => {
  try {
    const topics = Array.isArray(log.topics) ? log.topics : [];
    const topic0 = typeof topics[0] === 'string' ? topics[0].toLowerCase() : '';
    const contract = typeof log.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(log.address) ? (log.address.toLowerCase() as Hex) : null;
    const data = typeof log.data === 'string' ? hexToBytes(log.data) : null;
    if (!contract || !data) return null;
    const at = { contract, blockNumber: log.blockNumber, blockHash: log.blockHash, logIndex: log.logIndex, txHash: log.transactionHash };
    if (topic0 === METADATA_TOPICS.METADATA_UPDATE) {
      // Exactly one word: an event of another signature sharing the name would not decode as this one.
      if (topics.length !== 1 || data.length !== 32) return null;
      const id = readWord(data, 0)!;
      return { ...at, fromId: id, toId: id, event: 'MetadataUpdate' };
    }
    if (topic0 === METADATA_TOPICS.BATCH_METADATA_UPDATE) {
      if (topics.length !== 1 || data.length !== 64) return null;
      const from = readWord(data, 0)!;
      const to = readWord(data, 32)!;
      // A reversed range names no token.
      if (from > to) return null;
      return { ...at, fromId: from, toId: to, event: 'BatchMetadataUpdate' };
    }
    if (topic0 === METADATA_TOPICS.URI) {
      if (topics.length !== 2 || typeof topics[1] !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(topics[1])) return null;
      const id = topicToUint(topics[1]);
      if (id === null) return null;
      return { ...at, fromId: id, toId: id, event: 'URI' };
    }
    return null;
  } catch {
    return null;
  }
};
