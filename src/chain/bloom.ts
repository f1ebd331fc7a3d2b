// The logs bloom of a block header (yellow paper §4.3.1): says for sure when an address or topic is *not* among the
// block's logs. Ingestion uses it to notice an eth_getLogs answer that left a block's logs out.
import { getBytes, keccak256 } from 'ethers';
import type { Hex } from './types';

/** Whether `bloom` may hold `value` (an address or a topic); false means the block surely has no log with it. */
export const bloomMayContain = (bloom: Hex, value: Hex): boolean => {
  const bits = getBytes(bloom);
  if (bits.length !== 256) throw new RangeError('a logs bloom is 256 bytes');
  const hash = getBytes(keccak256(value));
  for (let i = 0; i < 6; i += 2) {
    const bit = ((hash[i] << 8) | hash[i + 1]) & 2047;
    if ((bits[255 - (bit >> 3)] & (1 << (bit & 7))) === 0) return false;
  }
  return true;
};

/** Whether a block with this bloom may hold a log with one of `topics` as topic0, from one of `addresses` (null: any). */
export const bloomMayMatch = (bloom: Hex, topics: readonly Hex[], addresses: readonly Hex[] | null): boolean =>
  topics.some((t) => bloomMayContain(bloom, t)) && (addresses === null || addresses.some((a) => bloomMayContain(bloom, a)));
