// Each log once (src/chain/unique-logs.ts): an answer that repeats a log is read with it once; an answer that holds two
// different logs at one position, or one block at two hashes, is refused as a bad response (retried by its caller).
// The reproduction of #48 without a server: one Transfer of 100 twice in an answer credited 200.
import { RetryableChainError, TOPICS, type Log } from '../../../src/chain';
import { uniqueLogs } from '../../../src/chain/unique-logs';
import { decodeLogs } from '../../../src/ingestion/fetch-range';
import { computeBalances } from '../../../src/ingestion/balances';

const CONTRACT = `0x${'5f'.repeat(20)}`;
const A = `0x${'11'.repeat(20)}`;
const B = `0x${'22'.repeat(20)}`;
const topic = (a: string) => `0x${a.slice(2).padStart(64, '0')}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const transfer = (blockNumber: number, logIndex: number, amount: bigint, over: Partial<Log> = {}): Log => ({
  address: CONTRACT,
  topics: [TOPICS.TRANSFER, topic(A), topic(B)],
  data: `0x${amount.toString(16).padStart(64, '0')}`,
  blockNumber,
  blockHash: hash(blockNumber),
  transactionHash: hash(1000 + blockNumber),
  transactionIndex: 0,
  logIndex,
  removed: false,
  blockTimestamp: 1,
  ...over,
});

const credited = (logs: Log[]) => {
  const { balances } = computeBalances(1, decodeLogs(logs, new Map()), new Map());
  return balances.find((b) => b.account === B)?.balance;
};

describe('uniqueLogs', () => {
  it('drops a log repeated next to itself, and one repeated out of order, keeping the order given', () => {
    const a = transfer(5, 0, 100n);
    const b = transfer(5, 1, 7n);
    const c = transfer(6, 0, 3n);
    expect(uniqueLogs('eth_getLogs', [a, { ...a }, b, c, { ...c }])).toEqual([a, b, c]);
    expect(uniqueLogs('eth_getLogs', [c, a, b, { ...a }, { ...c }])).toEqual([c, a, b]);
  });

  it('returns an answer without repeats as it is', () => {
    const logs = [transfer(5, 0, 1n), transfer(5, 1, 1n), transfer(7, 0, 1n)];
    expect(uniqueLogs('eth_getLogs', logs)).toBe(logs);
  });

  it('credits a transfer once however often the answer repeats it (#48: 200 instead of 100)', () => {
    const log = transfer(5, 0, 100n);
    expect(credited([log, { ...log }])).toBe('200'); // what reading the answer as it came did
    expect(credited(uniqueLogs('eth_getLogs', [log, { ...log }, { ...log }]))).toBe('100');
  });

  it('refuses two different logs at one position, as a retryable bad response', () => {
    const err = (() => {
      try {
        uniqueLogs('eth_getLogs', [transfer(5, 0, 100n), transfer(5, 0, 101n)]);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RetryableChainError);
    expect(err).toMatchObject({ reason: 'bad-response', message: expect.stringMatching(/two different logs at block 5 index 0/) });
  });

  it('refuses one block at two hashes, in order or not', () => {
    const a = transfer(5, 0, 100n);
    const other = { ...a, blockHash: hash(99) };
    expect(() => uniqueLogs('eth_getLogs', [a, other])).toThrow(/block 5 answered with two hashes/);
    expect(() => uniqueLogs('eth_getLogs', [transfer(6, 0, 1n), a, other])).toThrow(/block 5 answered with two hashes/);
  });

  it('refuses a log repeated with another transaction, topic or removed flag', () => {
    const a = transfer(5, 0, 100n);
    for (const over of [{ transactionHash: hash(1) }, { topics: [...a.topics.slice(0, 2), topic(A)] }, { removed: true }]) {
      expect(() => uniqueLogs('eth_getLogs', [a, { ...a, ...over }])).toThrow(RetryableChainError);
    }
  });
});
