// MarketTxnEventTotal filter checks: defaults, normalisation, and errors that name the field.
import { parseMarketFilter } from '../../../src/domain/analytics/validate-filter';
import type { MarketFilterInput } from '../../../src/domain/analytics/types';

const base = { startDate: '2024-01-01', endDate: '2024-01-31' };
const problem = (f: MarketFilterInput | null) => {
  try {
    parseMarketFilter(f);
  } catch (e) {
    return { kind: (e as { kind?: string }).kind, message: (e as Error).message };
  }
  throw new Error('accepted');
};

it('normalises a filter', () => {
  const q = parseMarketFilter({
    ...base,
    dateInterval: 'WEEK',
    collections: ['0xAbCdEf0123456789aBcDeF0123456789AbCdEf01', '0xabcdef0123456789abcdef0123456789abcdef01'],
    tokenId: '0x10',
    projectId: 7,
    ecosystemId: 3,
    projectType: 'ALL',
  });
  expect(q).toMatchObject({
    interval: 'WEEK',
    collections: ['0xabcdef0123456789abcdef0123456789abcdef01'],
    tokenId: '16',
    projectId: 7,
    chain: null,
  });
  expect(q.endDay - q.startDay).toBe(30);
  expect(parseMarketFilter({ ...base, dateInterval: null, tokenId: '' })).toMatchObject({ interval: 'DAY', tokenId: null, collections: [] });
});

it.each([
  [null, 'filter: is required'],
  [{ endDate: '2024-01-01' }, 'filter.startDate: is required'],
  [{ ...base, endDate: '31/01/2024' }, 'filter.endDate: must be a date as YYYY-MM-DD'],
  [{ ...base, startDate: '2024-02-30' }, 'filter.startDate: is not a calendar date'],
  [{ startDate: '2024-02-01', endDate: '2024-01-31' }, 'filter.endDate: must not be before startDate'],
  [{ startDate: '2020-01-01', endDate: '2023-01-01' }, 'filter.endDate: the range may span at most 1096 days with dateInterval DAY, not 1097'],
  [{ startDate: '2010-01-01', endDate: '2023-01-01', dateInterval: 'WEEK' }, 'filter.endDate: the range may span at most 3653 days'],
  [{ ...base, collections: ['0x12'] }, 'filter.collections[0]: must be a 0x-prefixed 20-byte hex address'],
  [{ ...base, collections: 'nope' }, 'filter.collections: must be an array'],
  [{ ...base, tokenId: 'abc' }, 'filter.tokenId: must be an unsigned integer'],
  [{ ...base, projectId: -1 }, 'filter.projectId: must be a positive integer id'],
])('refuses %p', (filter, message) => {
  expect(problem(filter as MarketFilterInput)).toEqual({ kind: 'InvalidArgument', message: expect.stringContaining(message) });
});

it('accepts the longest ranges', () => {
  expect(() => parseMarketFilter({ startDate: '2021-01-01', endDate: '2023-12-31' })).not.toThrow(); // 1,095 days
  expect(() => parseMarketFilter({ startDate: '2000-01-01', endDate: '2029-12-31', dateInterval: 'MONTH' })).not.toThrow();
});
