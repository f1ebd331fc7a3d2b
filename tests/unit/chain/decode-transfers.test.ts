import { decodeTransferLog, isSkipped, type TransferLogInput } from '../../../src/chain/decode-transfers';
import { TOPICS } from '../../../src/chain/abis';

const MAX = 2n ** 256n - 1n;
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const OP = '0x3333333333333333333333333333333333333333';

const addrTopic = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`;
const word = (v: bigint) => v.toString(16).padStart(64, '0');
const data = (...words: bigint[]) => `0x${words.map(word).join('')}`;
const log = (topics: string[], d = '0x', logIndex = 0): TransferLogInput => ({ address: CONTRACT, topics, data: d, logIndex });

describe('decodeTransferLog', () => {
  it('decodes an ERC-20 Transfer with a 2^256-1 amount', () => {
    expect(decodeTransferLog(log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], data(MAX)))).toEqual({
      kind: 'ERC20',
      contract: CONTRACT.toLowerCase(),
      from: A,
      to: B,
      tokenIds: [0n],
      amounts: [MAX],
    });
  });

  it('decodes an ERC-721 Transfer with a 2^256-1 token id', () => {
    expect(decodeTransferLog(log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B), `0x${word(MAX)}`]))).toEqual({
      kind: 'ERC721',
      contract: CONTRACT.toLowerCase(),
      from: A,
      to: B,
      tokenIds: [MAX],
      amounts: [1n],
    });
  });

  it('decodes TransferSingle and TransferBatch with the operator', () => {
    const topics = [TOPICS.TRANSFER_SINGLE, addrTopic(OP), addrTopic(A), addrTopic(B)];
    expect(decodeTransferLog(log(topics, data(MAX, MAX)))).toMatchObject({ kind: 'ERC1155', operator: OP, tokenIds: [MAX], amounts: [MAX] });

    const batch = data(64n, 192n, 3n, 1n, 2n, MAX, 3n, 10n, 20n, MAX);
    expect(decodeTransferLog(log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], batch))).toEqual({
      kind: 'ERC1155',
      contract: CONTRACT.toLowerCase(),
      operator: OP,
      from: A,
      to: B,
      tokenIds: [1n, 2n, MAX],
      amounts: [10n, 20n, MAX],
    });
  });

  it('decodes an ERC-6909 Transfer: sender, receiver and id from the topics, the caller and amount from the data', () => {
    const topics = [TOPICS.ERC6909_TRANSFER, addrTopic(A), addrTopic(B), `0x${word(MAX)}`];
    expect(decodeTransferLog(log(topics, `0x${addrTopic(OP).slice(2)}${word(MAX)}`))).toEqual({
      kind: 'ERC6909',
      contract: CONTRACT.toLowerCase(),
      operator: OP,
      from: A,
      to: B,
      tokenIds: [MAX],
      amounts: [MAX],
    });
  });

  it('accepts an empty batch', () => {
    const d = data(64n, 96n, 0n, 0n);
    expect(decodeTransferLog(log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], d))).toMatchObject({ tokenIds: [], amounts: [] });
  });

  it.each<[string, TransferLogInput, RegExp]>([
    ['other event', log(['0x' + 'ab'.repeat(32)]), /not a transfer event/],
    ['no topics', log([]), /not a transfer event/],
    ['Transfer with 2 topics', log([TOPICS.TRANSFER, addrTopic(A)], data(1n, 2n)), /2 topics/],
    ['ERC-20 short data', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], '0x' + '00'.repeat(16)), /16 bytes/],
    ['ERC-20 long data', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], data(1n, 2n)), /64 bytes/],
    ['ERC-721 with data', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B), `0x${word(1n)}`], data(1n)), /data/],
    ['odd-length data', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], '0x123'), /hex/],
    ['non-hex data', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], '0xzz' + '00'.repeat(31)), /hex/],
    ['dirty address', log([TOPICS.TRANSFER, '0x01' + addrTopic(A).slice(4), addrTopic(B)], data(1n)), /high bytes/],
    ['short topic', log([TOPICS.TRANSFER, '0x1234', addrTopic(B)], data(1n)), /topic 1/],
    ['TransferSingle 3 topics', log([TOPICS.TRANSFER_SINGLE, addrTopic(OP), addrTopic(A)], data(1n, 2n, 3n)), /3 topics/],
    ['TransferSingle short', log([TOPICS.TRANSFER_SINGLE, addrTopic(OP), addrTopic(A), addrTopic(B)], data(1n)), /32 bytes/],
    ['batch length mismatch', log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], data(64n, 160n, 2n, 1n, 2n, 1n, 10n)), /2 ids but 1 values/],
    ['batch offset out of range', log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], data(4096n, 64n)), /out-of-range/],
    ['batch huge offset', log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], data(MAX, MAX)), /out-of-range/],
    ['batch truncated', log([TOPICS.TRANSFER_BATCH, addrTopic(OP), addrTopic(A), addrTopic(B)], data(64n, 128n, 1000n, 1n, 1000n, 1n)), /out-of-range/],
    ['ERC-6909 Transfer with 3 topics', log([TOPICS.ERC6909_TRANSFER, addrTopic(A), addrTopic(B)], data(1n, 2n)), /3 topics/],
    ['ERC-6909 Transfer short data', log([TOPICS.ERC6909_TRANSFER, addrTopic(A), addrTopic(B), `0x${word(1n)}`], data(1n)), /32 bytes/],
    ['ERC-6909 dirty caller', log([TOPICS.ERC6909_TRANSFER, addrTopic(A), addrTopic(B), `0x${word(1n)}`], data(MAX, 1n)), /high bytes/],
    ['log index beyond 32 bits', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], data(1n), 2 ** 32), /32-bit/],
    ['negative log index', log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], data(1n), -1), /32-bit/],
    ['bad address', { ...log([TOPICS.TRANSFER, addrTopic(A), addrTopic(B)], data(1n)), address: '0x1234' }, /address/],
  ])('skips %s', (_name, input, reason) => {
    const result = decodeTransferLog(input);
    expect(isSkipped(result)).toBe(true);
    expect((result as { skipped: string }).skipped).toMatch(reason);
  });

  it('accepts upper-case hex and returns lower case', () => {
    const r = decodeTransferLog(log([TOPICS.TRANSFER.toUpperCase().replace('0X', '0x'), addrTopic(A).toUpperCase().replace('0X', '0x'), addrTopic(B)], data(5n)));
    expect(r).toMatchObject({ kind: 'ERC20', from: A, amounts: [5n] });
  });

  it('never throws, whatever it is given', () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const hex = (bytes: number) => '0x' + Array.from({ length: bytes }, () => Math.floor(rnd() * 256).toString(16).padStart(2, '0')).join('');
    const topic0s = [TOPICS.TRANSFER, TOPICS.TRANSFER_SINGLE, TOPICS.TRANSFER_BATCH, TOPICS.ERC6909_TRANSFER];
    for (let i = 0; i < 2000; i++) {
      const topics = [topic0s[i % topic0s.length], ...Array.from({ length: Math.floor(rnd() * 4) }, () => (rnd() < 0.7 ? addrTopic(hex(20)) : hex(32)))];
      const input = log(topics, hex(Math.floor(rnd() * 8) * 32 + (rnd() < 0.1 ? 3 : 0)), Math.floor(rnd() * 100));
      expect(() => decodeTransferLog(input)).not.toThrow();
    }
    for (const weird of [null, undefined, 7, 'x', {}, { topics: 'abc' }, { topics: [TOPICS.TRANSFER, null, 5], data: 9 }]) {
      expect(isSkipped(decodeTransferLog(weird as unknown as TransferLogInput))).toBe(true);
    }
  });
});
