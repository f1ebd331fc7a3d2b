// Defensive ABI decoding of untrusted bytes (log data, eth_call results): returns null instead of throwing.

const HEX_RE = /^0x([0-9a-fA-F]{2})*$/;
const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Bytes of an even-length 0x hex string, or null when it is not one. */
export const hexToBytes = (hex: string): Buffer | null => (HEX_RE.test(hex) ? Buffer.from(hex.slice(2), 'hex') : null);

/** The 32-byte big-endian word at byte offset `at`, or null past the end. */
export const readWord = (bytes: Buffer, at: number): bigint | null => {
  if (!Number.isSafeInteger(at) || at < 0 || at + 32 > bytes.length) return null;
  return BigInt(`0x${bytes.subarray(at, at + 32).toString('hex')}`);
};

/** A word used as an offset or length: null when it cannot index into `bytes` at all. */
export const readSize = (bytes: Buffer, at: number): number | null => {
  const w = readWord(bytes, at);
  return w === null || w > BigInt(bytes.length) ? null : Number(w);
};

/** `uint256[]` whose head word (the offset) sits at `headAt`; null when offsets or lengths run past the data. */
export const readUintArray = (bytes: Buffer, headAt: number): bigint[] | null => {
  const offset = readSize(bytes, headAt);
  if (offset === null) return null;
  const length = readSize(bytes, offset);
  if (length === null || offset + 32 + length * 32 > bytes.length) return null;
  const out: bigint[] = [];
  for (let i = 0; i < length; i++) out.push(readWord(bytes, offset + 32 + i * 32)!);
  return out;
};

/** ABI `string` return value; invalid UTF-8 becomes U+FFFD. */
export const decodeAbiString = (hex: string): string | null => {
  const bytes = hexToBytes(hex);
  if (!bytes || bytes.length < 64) return null;
  const offset = readSize(bytes, 0);
  if (offset === null) return null;
  const length = readSize(bytes, offset);
  if (length === null || offset + 32 + length > bytes.length) return null;
  return utf8.decode(bytes.subarray(offset + 32, offset + 32 + length));
};

/** `bytes32` text (MKR-style name/symbol): the bytes up to the first NUL. */
export const decodeBytes32String = (hex: string): string | null => {
  const bytes = hexToBytes(hex);
  if (!bytes || bytes.length !== 32) return null;
  const end = bytes.indexOf(0);
  return utf8.decode(bytes.subarray(0, end === -1 ? 32 : end));
};

export const decodeUint = (hex: string): bigint | null => {
  const bytes = hexToBytes(hex);
  return bytes ? readWord(bytes, 0) : null;
};

/** ABI `bool`: null unless the first word is exactly 0 or 1. */
export const decodeBool = (hex: string): boolean | null => {
  const w = decodeUint(hex);
  return w === 0n ? false : w === 1n ? true : null;
};

/** An indexed `address` topic; null when the 12 high bytes are not zero. */
export const topicToAddress = (topic: string): string | null =>
  /^0x0{24}[0-9a-fA-F]{40}$/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null;

/** An indexed `uint256` topic. */
export const topicToUint = (topic: string): bigint | null => (/^0x[0-9a-fA-F]{64}$/.test(topic) ? BigInt(topic) : null);
