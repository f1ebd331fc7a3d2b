import { id } from 'ethers';
import { decodeMetadataUpdateLog, isMetadataUpdateLog, METADATA_TOPICS } from '../../../src/chain/decode-metadata-updates';
import type { Log } from '../../../src/chain/types';

const MAX = 2n ** 256n - 1n;
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const word = (v: bigint) => v.toString(16).padStart(64, '0');
const data = (...words: bigint[]) => `0x${words.map(word).join('')}`;
const log = (topics: string[], d: string): Log =>
  ({ address: CONTRACT, topics, data: d, blockNumber: 7, blockHash: `0x${'b'.repeat(64)}`, transactionHash: `0x${'c'.repeat(64)}`, transactionIndex: 0, logIndex: 3, removed: false, blockTimestamp: null }) as Log;
// ABI encoding of URI(string value, uint256 indexed id): the string in the data.
const stringData = (s: string) => {
  const hex = Buffer.from(s).toString('hex');
  return `0x${word(32n)}${word(BigInt(s.length))}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};

describe('decodeMetadataUpdateLog', () => {
  it('knows the standard topics', () => {
    expect(METADATA_TOPICS.METADATA_UPDATE).toBe(id('MetadataUpdate(uint256)'));
    expect(METADATA_TOPICS.BATCH_METADATA_UPDATE).toBe(id('BatchMetadataUpdate(uint256,uint256)'));
    expect(METADATA_TOPICS.URI).toBe(id('URI(string,uint256)'));
  });

  it('decodes MetadataUpdate(uint256) with the id in the data', () => {
    const l = log([METADATA_TOPICS.METADATA_UPDATE], data(MAX));
    expect(isMetadataUpdateLog(l)).toBe(true);
    expect(decodeMetadataUpdateLog(l)).toEqual({
      contract: CONTRACT.toLowerCase(),
      fromId: MAX,
      toId: MAX,
      event: 'MetadataUpdate',
      blockNumber: 7,
      blockHash: `0x${'b'.repeat(64)}`,
      logIndex: 3,
      txHash: `0x${'c'.repeat(64)}`,
    });
  });

  it('decodes BatchMetadataUpdate(from, to), both ends included, and refuses a reversed range', () => {
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.BATCH_METADATA_UPDATE], data(2n, 4n)))).toMatchObject({ fromId: 2n, toId: 4n, event: 'BatchMetadataUpdate' });
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.BATCH_METADATA_UPDATE], data(0n, MAX)))).toMatchObject({ fromId: 0n, toId: MAX });
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.BATCH_METADATA_UPDATE], data(4n, 2n)))).toBeNull();
  });

  it('decodes ERC-1155 URI(string, indexed id) from its topic', () => {
    const l = log([METADATA_TOPICS.URI, `0x${word(7n)}`], stringData('https://example.com/7.json'));
    expect(decodeMetadataUpdateLog(l)).toMatchObject({ fromId: 7n, toId: 7n, event: 'URI' });
  });

  it('returns null for malformed or foreign logs, never throws', () => {
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.METADATA_UPDATE], '0x1234'))).toBeNull();
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.METADATA_UPDATE, `0x${word(1n)}`], data(1n)))).toBeNull();
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.BATCH_METADATA_UPDATE], data(1n)))).toBeNull();
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.URI], stringData('x')))).toBeNull();
    expect(decodeMetadataUpdateLog(log([METADATA_TOPICS.URI, '0x12'], stringData('x')))).toBeNull();
    expect(decodeMetadataUpdateLog({ ...log([METADATA_TOPICS.METADATA_UPDATE], data(1n)), address: 'nope' as never })).toBeNull();
    expect(decodeMetadataUpdateLog({ ...log([METADATA_TOPICS.METADATA_UPDATE], 'zz' as never) })).toBeNull();
    const transfer = log([id('Transfer(address,address,uint256)')], data(1n));
    expect(isMetadataUpdateLog(transfer)).toBe(false);
    expect(decodeMetadataUpdateLog(transfer)).toBeNull();
  });
});
